"""Every GPU the planner can recommend for an owned plan is racked in a real chassis where a public source gives one;
where none does, its generic chassis is derived for its class and named generic on the sheet. The mainland buyer's
path (region 中国大陆, buy, 220 V IDC cabinets, in Chinese) ends in ranked plans on parts open there and a sheet."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from gpuplanner.catalog.options import hardware_options, node_for
from gpuplanner.catalog.store import Catalog
from gpuplanner.core.site.site import PowerAssumptions
from tests.conftest import run_cli

# GPUs the planner can recommend for an owned plan that no public source gave a real chassis for (the search tool's
# pages, docs and code corpora and an exact-string index of public repositories, 2026-12-07), with what was tried.
# A GPU that gains a real server leaves its generic chassis and may leave this list; a GPU not on it must never land
# on one.
NO_REAL_CHASSIS_FOUND = {
    # China-market NVIDIA parts
    "rtx-4090-d": "eight-card 4090 D machines are in use (strings '8×4090D', '8x RTX 4090D'; AutoDL sells one) but no "
                  "source names their chassis with its supplies; pages query '4U 8卡 RTX 4090 服务器 规格 电源'",
    "rtx-5090-d": "pages query 'RTX 5090 D 服务器 4U 8卡 整机': nothing",
    "rtx-5090-d-v2": "only the Lenovo 拯救者刃 9000K desktop holds one (a catalog row without gpu_ids)",
    "a800-sxm4-80gb": "string 'HGX A800': NVIDIA names the HGX A800 8-GPU board, no server datasheet with its power",
    # Domestic accelerators
    "ascend-910b": "the catalog's Huawei Atlas 800T A2 row has no height or power",
    "ascend-910c": "the catalog's Huawei Atlas 800T A3 row has no height or power",
    "biren-br100": "pages query '壁仞 BR100 服务器 8卡 OAM 整机 电源 功率': nothing",
    "cambricon-mlu590": "pages query '寒武纪 MLU590 服务器 8卡 整机 电源 功率 4U': nothing",
    "iluvatar-bi-v150": "pages query '天数智芯 天垓150 BI-V150 服务器 8卡 整机 功率': nothing",
    "mtt-s4000": "Moore Threads MCCX D800 (8x S4000) found without height or power (listed, not racked)",
    "metax-c500": "an H3C R5300 G6 holds eight MetaX C500X in a user's inventory, a variant the catalog lacks",
    "hygon-k100-ai": "pages query '海光 DCU K100-AI 服务器 8卡 曙光 整机 电源 功率': nothing",
    "hygon-bw200": "the same query: nothing",
    # Older or rarer data-centre parts
    "b100": "string 'HGX B100': described as a drop-in board for HGX H100 systems, no server lists it with its power",
    "gaudi2": "string 'SYS-820GH-TNR2': Supermicro's 8x Gaudi 2 server with a price only (ServeTheHome), no height",
    "mi210": "pages query 'AMD Instinct MI210 4U server 8 GPU power supply datasheet': launch articles only",
    "mi250x": "the same query: launch articles only",
    "t4": "string '\"accelerator_model_name\": \"NVIDIA T4\"' in MLPerf descriptions: none",
    "v100-pcie-32gb": "not searched separately (a legacy part)",
    # Consumer and workstation cards without a tower row of their own
    "rtx-3090-ti": "string '3090 Ti x 4': users' workstations, no model named",
    "rtx-pro-6000-blackwell": "string '4x RTX PRO 6000 Blackwell': users' machines; the ThinkStation P8 row names "
                              "no card",
}


@pytest.fixture(scope="module")
def bundled() -> Catalog:
    return Catalog(overrides_path=None)


@pytest.fixture(scope="module")
def options(bundled: Catalog) -> dict:
    return {option.gpu.id: option for option in hardware_options(bundled, PowerAssumptions())}


def test_no_recommended_owned_plan_on_a_generic_chassis(options: dict) -> None:
    recommendable = {gpu: option for gpu, option in options.items() if not option.missing}
    generic = {gpu for gpu, option in recommendable.items() if option.node.generic}
    assert generic <= set(NO_REAL_CHASSIS_FOUND), sorted(generic - set(NO_REAL_CHASSIS_FOUND))
    # The parts a mainland buyer is offered first each have a real chassis.
    for gpu in ("l20", "h20", "l40", "a30"):
        assert not recommendable[gpu].node.generic, gpu
    for option in recommendable.values():  # a generic chassis is marked as one, a real one is not
        assert option.node.generic == option.node.source.startswith("generic chassis")


def test_a_generic_workstation_is_its_gpus_cpu_and_platform_not_a_multiple_of_its_gpus(bundled: Catalog) -> None:
    """4 x RTX 3090 Ti (450 W boards) in a tower: (4 x 450 + 350 CPU + 150 platform) W / 0.90 = 2.56 kW, where
    1.82 x the GPUs made 3.28 kW; two cards of it keep the whole host: (2 x 450 + 500) / 0.90 = 1.56 kW."""
    power = PowerAssumptions()
    gpu = bundled.gpu("rtx-3090-ti")
    assert gpu.tdp_w == 450
    node, _ = node_for(gpu, [], power)
    assert node.generic and node.tower and node.gpus == 4
    assert node.nameplate_kw == pytest.approx((4 * 450 + 350 + 150) / 0.90 / 1000)
    assert node.host_kw == pytest.approx((350 + 150) / 0.90 / 1000)
    assert node.share(2).nameplate_kw == pytest.approx((2 * 450 + 350 + 150) / 0.90 / 1000)
    assert any("CPU 350 W" in text and "platform 150 W" in text for text in node.derived)
    # A rack server of its class stays the DGX ratio: 8 x 70 W T4 x 1.82.
    t4, _ = node_for(bundled.gpu("t4"), [], power)
    assert t4.generic and not t4.tower and t4.nameplate_kw == pytest.approx(8 * 70 * 1.82 / 1000)


def test_l20_plans_in_the_dl380a_gen12_hpe_configures_for_it(bundled: Catalog, options: dict) -> None:
    """HPE's L20 (S4A92C): 350 W in QuickSpecs V82, eight to a DL380a Gen12 (4U) on eight supplies in two power
    domains, no maximum published: 8 x 350 W x 1.82 = 5.10 kW, said to be derived."""
    assert bundled.gpu("l20").tdp_w == 350
    row = bundled.row("servers", "hpe-dl380a-gen12-l20")
    assert (row["gpu_ids"], row["gpu_count"], row["rack_units"], row["psu_count"]) == ("l20", 8, 4, 8)
    assert "l20" not in str(bundled.row("servers", "hpe-dl380a-gen12")["gpu_ids"]).split(";")
    node = options["l20"].node
    assert node.name == "HPE ProLiant Compute DL380a Gen12 (4U, 8x L20)" and node.rack_units == 4
    assert node.nameplate_kw == pytest.approx(8 * 350 * 1.82 / 1000)
    assert any("not published" in text for text in node.derived)


def test_h3c_and_inspur_servers_as_their_vendors_submitted_them(bundled: Catalog, options: dict) -> None:
    # H3C's MLPerf Inference v3.1 description R5300G6_L40x8_TRT.json: 8x L40, 2x Xeon Platinum 8458P, 1 TB,
    # 2x 50GbE, air-cooled; v3.0 R5300G6_A30x10_TRT.json: 10x A30. Inspur's v3.0 NF5468M6_A40x8_TRT.json: 8x A40,
    # 2x Xeon Platinum 8380, 2 TB.
    l40 = bundled.row("servers", "h3c-r5300-g6-l40")
    assert (l40["vendor"], l40["gpu_count"], l40["rack_units"], l40["system_memory_gb"]) == ("H3C", 8, 4, 1024.0)
    assert "8458P" in str(l40["cpu"]) and l40["cooling"] == "air"
    assert bundled.row("servers", "h3c-r5300-g6-a30")["gpu_count"] == 10
    inspur = bundled.row("servers", "inspur-nf5468m6-a40")
    assert (inspur["vendor"], inspur["gpu_count"], inspur["system_memory_gb"]) == ("Inspur", 8, 2048.0)
    assert inspur["rack_units"] is None  # height not found: listed, never racked
    node = options["l40"].node  # was the generic 4U "as ASRock Rack 4U8G" box
    assert node.name == "H3C UniServer R5300 G6 (4U, 8x L40)" and not node.generic
    assert node.nameplate_kw == pytest.approx(8 * 300 * 1.82 / 1000)  # no maximum published: derived, said so
    assert node.derived


def test_v100_sxm2_plans_in_the_dgx_1_at_its_published_3_5_kw(options: dict) -> None:
    """DGX-1 with V100: 3U, 3.5 kW, 4 x 1,600 W; it was the generic 8U box at 8 x 300 W x 1.82 = 4.37 kW."""
    node = options["v100-sxm2-32gb"].node
    assert node.name == "NVIDIA DGX-1 (Tesla V100)" and not node.generic
    assert (node.gpus, node.rack_units, node.nameplate_kw, node.psu_count, node.psu_w) == (8, 3, 3.5, 4, 1600.0)
    assert node.derived == ()  # its maximum is published


MAINLAND = {"deployment": "on-prem", "region": "cn-mainland", "currency": "CNY",
            "site": {"rack_kw": 8, "china_cabinet_amps": 40}}
PRETRAIN_7B = {"task": "pretrain", "model": {"preset": "qwen2.5-7b"}, "seq_len": 4096,
               "training": {"tokens": 1e11, "global_batch": 512}, "constraints": {**MAINLAND, "deadline_days": 30}}
LORA_72B = {"task": "lora", "model": {"preset": "qwen2.5-72b"}, "seq_len": 4096,
            "training": {"tokens": 1e9, "global_batch": 64}, "constraints": {**MAINLAND, "deadline_days": 14}}


@pytest.mark.parametrize(("name", "scenario"), [("pretrain-7b", PRETRAIN_7B), ("lora-72b", LORA_72B)])
def test_a_mainland_buyer_gets_ranked_plans_to_buy_and_a_chinese_sheet(tmp_path: Path, name: str,
                                                                         scenario: dict) -> None:
    source = tmp_path / f"{name}.json"
    source.write_text(json.dumps(scenario), encoding="utf-8")
    data = json.loads(run_cli("plan", str(source), "--format", "json").stdout)
    plans = data["plans"]
    assert len(plans) >= 3
    for plan in plans:  # each bought, on a part open in the mainland, in a 220 V cabinet's circuit
        assert plan["deployment"] == "on-prem"
        assert plan["availability"]["status"] == "open"
        assert plan["site"]["facilities"]["feed_plug"] != "" and plan["site"]["circuit_kw"] <= 40 * 220 * 0.8 / 1000
    pdf = tmp_path / f"{name}.pdf"
    done = run_cli("plan", str(source), "--lang", "zh_CN", "--pdf", str(pdf))
    assert done.returncode == 0, done.stderr
    text = " ".join(subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True,
                                   check=True).stdout.split())
    assert "中国大陆" in text and "220 V 40 A" in text and "机柜" in text
    top = plans[0]["site"]
    if top["node"].startswith("generic") or "通用" in top["node"]:  # the sheet says so where no server exists
        assert "通用" in text and "按其类别推算" in text
    else:
        assert top["node"].split(" (")[0] in text


def test_the_sheet_names_a_generic_chassis_generic(tmp_path: Path) -> None:
    """Eight RTX 4090 D (no catalog server) bought: two generic towers, named so, their nameplate derived for the
    class -- in English and in Chinese."""
    scenario = {"task": "lora", "model": {"preset": "llama-2-7b"}, "training": {"tokens": 1e8},
                "hardware": {"gpu": "rtx-4090-d", "count": 8},
                "constraints": {"deployment": "on-prem", "region": "cn-mainland",
                                "site": {"china_cabinet_amps": 32}}}
    source = tmp_path / "tower.json"
    source.write_text(json.dumps(scenario), encoding="utf-8")
    for lang, words in (("en", ("generic 4-GPU tower workstation", "derived for its class")),
                        ("zh_CN", ("通用 4 卡塔式工作站", "按其类别推算"))):
        pdf = tmp_path / f"tower-{lang}.pdf"
        done = run_cli("plan", str(source), "--lang", lang, "--pdf", str(pdf))
        assert done.returncode == 0, done.stderr
        text = " ".join(subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True,
                                       check=True).stdout.split())
        for word in words:
            assert word in text, (lang, word)
