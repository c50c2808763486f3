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
    "rtx-5090-d": "pages 'RTX 5090 D 服务器 4U 8卡 整机' and 'RTX 5090D 8-GPU rack server 4U China listing power "
                  "supply': blower-card news only, no server; strings '5090D*8', '8x RTX 5090 D': users' 8-card hosts "
                  "(kernel and inference notes), no model named"
                  "; strings '5090D涡轮', 'RTX 5090D x 8', '5090D * 8': nothing; 'NVIDIA GeForce RTX 5090 D': "
                  "nvidia-smi logs of users' one- and two-card hosts, no server named; pages '5090D 涡轮卡 8卡 "
                  "GPU服务器 机架式 冗余电源 配置单': nothing; strings '8卡5090D', '5090D×8': nothing; '5090D 服务器': "
                  "users' notes on one-card hosts"
                  "; round 3 (2026-12-07): string 'RTX 5090D 8卡' and code '8 x RTX 5090 D 4U rack server "
                  "turbo blower China market chassis': a 4U 8-GPU chassis listing that names no GPU, users' "
                  "4-card RTX 5090 notes, no 5090 D server",
    "rtx-5090-d-v2": "only the Lenovo 拯救者刃 9000K desktop holds one (a catalog row with no rack height)"
                     "; string 'NVIDIA GeForce RTX 5090 D' also finds a one-card 'RTX 5090 D v2, 24 GiB' host, "
                     "no server"
                     "; round 3 (2026-12-07): the RTX 5090 D queries above, nothing",
    # Domestic accelerators
    "ascend-910c": "the catalog's Huawei Atlas 800T A3 row has no height or power; pages 'Atlas 800T A2 训练服务器 4U "
                   "电源 功耗 重量 技术参数', docs 'Atlas 800T A2 training server technical specifications PSU': "
                   "software guides only; strings 'Atlas 800T A3 |' and '800T A3 超节点服务器': Huawei's scheduling "
                   "docs and software support tables; a 2026 chip compilation gives the 800T A3 '10U', against the "
                   "blog's 8U and with no Huawei source, so neither height is taken; again 2026-12-07: FlagPerf's "
                   "Atlas 800T A3 pages (2025-05-12) leave server model, TDP and power '/'; strings 'Atlas 800T A3 (' "
                   "(users' training notes: 16 NPUs of 64 GB), '800T A3 | 8U', 'Atlas 800T A3 超节点服务器（', "
                   "'800T A3 超节点服务器 功耗'; docs 'Atlas 800T A3 超节点服务器 产品规格 高度 U 最大功耗 液冷', "
                   "pages 'Atlas 800T A3 SuperPoD server height power consumption kW rack': no height or power"
                   "; round 3 (2026-12-07): Huawei's Ascend/mind-cluster repository (snapshot of 2026-08-21, "
                   "@22bb3d9: scheduling and fault-diagnosis docs, product lists only), string '800T "
                   "A3超节点服务器' (support tables, training notes), the NetBox device-type library's Huawei "
                   "folder as listed (1288H/2288H servers, switches, storage; no Atlas file among the names, no "
                   "'Atlas-800T-A2.yaml'): no height or power; string '910B*8': an inference test table naming "
                   "'G5680+910B*8' and 'G8680V3+910C*8' hosts, vendor and specifications unstated",
    "biren-br100": "pages '壁仞 BR100 服务器 8卡 OAM 整机 电源 功率': nothing; a research note quotes the 8-card "
                   "'海玄' server (with Inspur) at 7 kW maximum, with no height; strings '壁仞 海玄', 'BR104': "
                   "nothing; code '壁仞 海玄 OAM 服务器 8 BR100 规格 高度 功耗 7kW 浪潮' (2026-12-07): nothing"
                   "; round 3 (2026-12-07): string '海玄' (game and company names only): nothing",
    "cambricon-mlu590": "pages '寒武纪 MLU590 服务器 8卡 整机 电源 功率 4U', code '寒武纪 MLU590 整机 服务器 型号 4U "
                        "8卡 OAM 功耗', string '思元590': nothing; string 'MLU590-M9': operator reports on hosts of "
                        "8 x MLU590-M9 that name no server; FlagPerf's Cambricon READMEs leave '服务器型号' as '/' "
                        "(every one of them at @1b5a030, read again 2026-12-07)"
                        "; round 3 (2026-12-07): pages '寒武纪 MLU590 服务器 X8 整机 规格 电源 功耗 机架': "
                        "Cambricon's 2020 MLU-X1000 manuals only, no MLU590 server",
    "iluvatar-bi-v150": "pages '天数智芯 天垓150 BI-V150 服务器 8卡 整机 功率': nothing; FlagPerf runs eight in "
                        "an H3C UniServer R5300 G5 (listed, not racked): strings 'R5300 G5 4U', 'R5300G5 4U', "
                        "'UniServer R5300 G5': no height for the G5; docs 'H3C UniServer R5300 G5 4U GPU server "
                        "specifications power supplies', docs '新华三 UniServer R5300 G5 技术参数 4U 机箱 电源模块 2+2 "
                        "冗余 功率', pages 'H3C UniServer R5300 G5 user guide technical specifications dimensions "
                        "weight 4U', strings 'R5300 G5', 'R5300 G5服务器', 'UniServer R5300': the G3 (8 double-width "
                        "GPUs) and G6 named, still no G5 height; again 2026-12-07: string 'UniServer R5300 G5' "
                        "(vendor logo walls, mock inventories), 'R5300 G5' (BIOS settings, BMC tool lists, an LCA "
                        "wiki citing H3C's manual for part boundaries only, 'ku-h3c-r5300-g5': its citation key, no "
                        "URL stored), docs 'H3C UniServer R5300 G5 user guide technical specifications dimensions "
                        "weight power supplies', pages 'H3C UniServer R5300 G5 服务器 4U GPU 电源模块 技术参数': "
                        "nothing; the NetBox device-type library holds only the H3C R4900 G7"
                        "; round 3 (2026-12-07): code '浪潮 NF5468 天数智芯 BI-V150 8卡': FlagPerf's R5300 G5 page "
                        "again; string 'R5300 G5是' and pages 'H3C UniServer R5300 G5 4U 双路 GPU 服务器': nothing; "
                        "the NetBox device-type library's H3C and Inspur folders hold only the R4900 G7, "
                        "NF5180M6 and NF8260M6",
    "metax-c500": "an H3C R5300 G6 holds eight MetaX C500X in a user's inventory, a variant the catalog lacks; "
                  "FlagPerf names a '同泰怡 G658V3' host (string 'TG658V3': no height); "
                  "code '沐曦 曦云 C500 8卡 服务器 整机 4U 规格 电源': nothing; strings 'R5500 G6', 'UniServer R5300': "
                  "a container-site design puts C500 / C550 OAM modules in 8U H3C R5500 G6 nodes at an assumed 7 kW "
                  "('以客户 RFI 为准', a plan, not a vendor configuration) and users' notes say MetaX validated warm "
                  "reset on the R5300 G6; FlagPerf's C550 host is 'OAM C550-1500' (no height); its other C550 host "
                  "(one-card operator tests, read 2026-12-07) is a 'Nettrix X640 G40', for the C550, not the C500"
                  "; round 3 (2026-12-07): pages '同泰怡 G658V3 服务器 规格': nothing",
    "hygon-k100-ai": "pages '海光 DCU K100-AI 服务器 8卡 曙光 整机 电源 功率', code '曙光 X7840 海光 DCU 8卡 服务器 4U "
                     "电源 规格': nothing; FlagPerf names only a 'K100 标准机'; pages '海光 K100-AI 8卡 服务器 "
                     "中标公告 技术参数 4U 电源 功率': nothing; string 'K100-AI 服务器': a research note counts "
                     "six 8-card K100-AI servers at a national lab (2025-08) without their model; strings 'X7840 H0': "
                     "nothing, "
                     "'X785-G30': Sugon's model in BMC and tool notes, no height or DCU; again 2026-12-07: "
                     "'X785-G30' (a driver note and mock inventories, no DCU named), 'K100-AI 服务器' (a 2026 Hygon "
                     "history repeats the lab's six servers and a university listing of a 64 GB, 400 W K100 AI card, "
                     "no server model), '海光 DCU 服务器 4U 8卡': nothing"
                     "; round 3 (2026-12-07): code '曙光 X7840 H0 海光 DCU 8卡 服务器 技术规格 电源 4U' and "
                     "'海光 K100 AI 服务器 整机 8卡 型号': FlagPerf's 'K100 标准机' again, a FastDeploy guide for a "
                     "K100AI host (2 TB, no model), a vendor's 8-DCU appliance announcement with no server named",
    "hygon-bw200": "the same queries: nothing"
                   "; round 3 (2026-12-07): string 'BW200': a developer's note on a 'BW200 / UBB BW1000' test "
                   "device, no server",
    # Older or rarer data-centre parts
    "b100": "string 'HGX B100': a drop-in board for HGX H100 systems (700 W a GPU) in NVIDIA's and compilers' text, "
            "no server lists it with its power; pages 'HGX B100 8-GPU server datasheet power supplies rack units': "
            "HGX B200 / B300 servers only; string '8x NVIDIA B100': nothing; pages 'PowerEdge XE9680 NVIDIA B100 "
            "support HGX B100 700W air-cooled server': the XE9680 with H100 / H200 / MI300X / Gaudi 3 (B200 in the "
            "XE9680L), no B100; string 'HGX B100 8-GPU' and docs 'server supports NVIDIA HGX B100 8-GPU 700W "
            "product guide 8U air cooled': NVIDIA's NVLink topology notes and a buyer's guide with an unnamed "
            "'8U' build and estimated power, no vendor server; strings 'SYS-A21GE-NBRT' (HGX B200 only), 'B100 700W' "
            "(nothing), 'ESC N8-E11' (a 7U HGX H100 / H200 server in a public server table, no B100); docs "
            "'SR680a V3 product guide GPU options', pages 'Supermicro NVIDIA HGX B100 8-GPU air-cooled system "
            "drop-in': B200 / B300 systems only"
            "; string 'NVIDIA HGX B100': NVIDIA's Fabric Manager guide ('Updated with NVIDIA HGX B100 details', "
            "2024-02-16) and sizing tools' presets, no server; pages 'Supermicro press release NVIDIA HGX B100 8-GPU "
            "systems air-cooled upgrade existing HGX H100 8U': GB300 / B200 systems only; strings 'B100-SXM', "
            "'8x B100', 'HGX B100 and HGX B200', 'B100 8-GPU and': simulators' presets and price scrapers' patterns, "
            "no server"
            "; round 3 (2026-12-07): string 'DGX B100': explainers and a market note ('later superseded by "
            "DGX B200'), no datasheet",
    "gaudi2": "string 'SYS-820GH-TNR2': Supermicro's 8x Gaudi 2 server with a price only (ServeTheHome) and a BMC test "
              "naming it, no height or supplies; string 'HLS-Gaudi2': Intel's datasheet URL, a benchmark host (8x "
              "HL-225H, 2x Xeon 8380, 1 TB) and MLPerf system names, no height or power; pages 'Supermicro "
              "SYS-820GH-TNR2 Gaudi 2 8U server power supply specifications', docs 'HLS-Gaudi2 server 8 HL-225H power "
              "supply 3000W form factor rack units', pages 'Intel Gaudi 2 HLS-Gaudi2 server specifications 8U "
              "chassis power 6 PSU': the Gaudi 2 white paper and the first Gaudi's SYS-420GH-TNGR only; string "
              "'HL-225B' and pages 'Gaudi2 8卡 服务器 整机 HL-225B 浪潮 新华三 超聚变 电源 4U 规格': code and news "
              "only, no server; pages 'Intel Gaudi 2 AI accelerator server Supermicro X12 8U HL-225H 3000W': the "
              "first Gaudi's SYS-420GH-TNGR; pages 'NF5698G7 8颗 Gaudi2' and docs 'Inspur NF5698G7 Gaudi2 HL-225B': "
              "Intel's July 2023 China launch of the HL-225B names Inspur, H3C and xFusion as partners with servers "
              "to come (TechNode, 2023-07-12), and Inspur's 6U NF5698G7 takes eight 700 W OAM modules, but no "
              "source found says it ships with Gaudi 2; strings 'NF5698', 'HL-225B': nothing more"
              "; Supermicro's own MLPerf Training v3.0 description (SYS-820GH-TNR2.json) and Intel's HLS-Gaudi2-PT "
              "(Training v3.0, Inference v4.0) give GPUs, CPUs, NICs and air cooling, no height or supplies: the "
              "server is listed (supermicro-sys-820gh-tnr2), not racked; strings '820GH' (a BMC tool's model "
              "pattern, ServeTheHome's $90K article), 'HL-225H' (cloud instance names, benchmark hosts), '8U Gaudi', "
              "'Gaudi2 8U', 'Gaudi 2 8U': nothing; docs 'Intel Gaudi 2 supported server platforms Supermicro "
              "SYS-820GH-TNR2 HLS-Gaudi2 installation' and 'docs.habana.ai Hardware and Network Requirements "
              "HLS-Gaudi2 server system power cooling rack': install guides and support matrices; the netbox "
              "device-type library has no SYS-820GH file; Supermicro's naming-convention page found covers the "
              "DDR3-era AMD names (1U-4U) only, so the 8 in '820GH' is not taken for its height"
              "; round 3 (2026-12-07): docs 'SYS-820GH-TNR2', pages 'SuperServer SYS-820GH-TNR2 Habana Gaudi2 "
              "8U', 'Supermicro X12 Gaudi 2 AI Training System eight Gaudi2 HL-225H ...' and '... "
              "SYS-820GH-TNR2 user manual system specifications': Supermicro's page for the first Gaudi's 4U "
              "SYS-420GH-TNGR, Habana's networking page ('For access to Gaudi2 servers, see Supermicro'), no "
              "Gaudi 2 server height or supplies; NetBox paths 'device-types/Supermicro/SYS-820GH-TNR2.yaml', "
              "'device-types/Intel/HLS-Gaudi2.yaml': absent",
    "mi250x": "AMD's partner catalog, as a public document pack transcribes it (strings 'G262-ZO0', "
              "'AS-4124GQ-TNMI'): the MI250X's only host is the liquid-cooled HPE Cray EX235a blade (two nodes "
              "of four, discontinued 2025, no height a node); the 4U Supermicro AS-4124GQ-TNMI and 2U GIGABYTE "
              "G262-ZO0 hold the MI250 (catalog rows without a GPU), not the MI250X; string 'EX235a', pages 'HPE Cray "
              "EX235a accelerator blade QuickSpecs power' and docs 'Frontier node EX235a node power': OLCF's Frontier "
              "guide (one EPYC and four MI250X a node, 128 nodes an HPE cabinet) and HPE's blades shown at ISC, no "
              "blade power. No row for the blade: it sits in HPE's own liquid-cooled EX cabinet, sold as whole "
              "cabinets, with no rack-unit height and no published power of its own, so its figures would be "
              "invented"
              "; string '4x MI250X': Frontier and LUMI node notes only (the EX235a)"
              "; round 3 (2026-12-07): string 'MI250X OAM': the same partner catalog (EX235a blade, EOL) and "
              "hobby carrier-board notes",
    # Consumer and workstation cards without a tower row of their own
    "rtx-3090-ti": "string '3090 Ti x 4': users' workstations, no model named; strings '3090 Ti * 8', "
                   "'8x RTX 3090 Ti': nothing; strings '3090Ti*8', '8卡3090Ti', '8 x RTX 3090 Ti', '3090 Ti x 8', "
                   "'8x GeForce RTX 3090 Ti': nothing; string '4x RTX 3090 Ti': users' workstations (an i9-10980XE "
                   "box, a TRX40 board), no model named; string 'SYS-4029GP-TRT': users' nodes with eight RTX 3090 "
                   "or 2080 Ti, not the Ti; pages 'workstation tower 4x RTX 3090 Ti power supply': RTX 3090 towers"
                   "; strings 'up to 4x RTX 3090 Ti' (nothing) and '2x RTX 3090 Ti' (users' hosts, a lab's "
                   "inventory of two- and four-card machines, no model); pages '4x RTX 3090 Ti deep learning "
                   "workstation Bizon Lambda Vector power supply 1600W': RTX 3090 builds only"
                   "; round 3 (2026-12-07): pages 'workstation configurable with up to 2x GeForce RTX 3090 Ti "
                   "power supply 1600W tower specifications': four-RTX 3090 tower tests (Puget, Lambda) only",
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


def test_mtt_s4000_plans_in_the_4u_mccx_d800_x1_and_the_bi_v150_host_stays_unracked(bundled: Catalog,
                                                                                      options: dict) -> None:
    """Moore Threads' prospectus (as a research note transcribes it): MCCX D800 X1 is 4U with 8 x MTT S4000 (450 W)
    and 1 TB; no maximum or supplies published, so 8 x 450 W x 1.82 = 6.55 kW, said to be derived. The H3C R5300 G5
    that Iluvatar ran eight BI-V150 in has no published height: listed, never racked, its GPU still generic."""
    node = options["mtt-s4000"].node  # was the generic 4U 8-PCIe box
    assert node.name == "Moore Threads MCCX D800 X1 (4U, 8x MTT S4000)" and not node.generic
    assert (node.gpus, node.rack_units, node.system_memory_gb) == (8, 4, 1024.0)
    assert node.nameplate_kw == pytest.approx(8 * 450 * 1.82 / 1000)
    assert any("not published" in text for text in node.derived)
    host = bundled.row("servers", "h3c-r5300-g5-bi-v150")
    assert (host["gpu_ids"], host["gpu_count"], host["rack_units"]) == ("iluvatar-bi-v150", 8, None)
    assert options["iluvatar-bi-v150"].node.generic


def test_rtx_4090_d_and_t4_rack_in_the_2u_esc4000a_e10(options: dict) -> None:
    """ASUS ESC4000A-E10: 2U, four double-slot or eight single-slot GPUs (the T4 named), redundant 2,200 W or
    1,600 W supplies of unstated count; a user's inventory holds four RTX 4090 D in one. No maximum published:
    4 x 425 W x 1.82 = 3.09 kW and 8 x 70 W x 1.82 = 1.02 kW, said to be derived. The 4090 D was the generic
    4-GPU tower, the T4 the generic 4U 8-PCIe box."""
    d = options["rtx-4090-d"].node
    assert d.name == "ASUS ESC4000A-E10 (2U, 4x RTX 4090 D)" and not d.generic
    assert (d.gpus, d.rack_units, d.tower) == (4, 2, False)
    assert d.nameplate_kw == pytest.approx(4 * 425 * 1.82 / 1000)
    assert any("not published" in text for text in d.derived)
    t4 = options["t4"].node
    assert t4.name == "ASUS ESC4000A-E10 (2U, 8x T4)" and not t4.generic
    assert (t4.gpus, t4.rack_units) == (8, 2) and t4.nameplate_kw == pytest.approx(8 * 70 * 1.82 / 1000)
    assert options["rtx-4090-d"].deskside is not None and options["rtx-4090-d"].deskside.tower  # few cards: a tower



def test_mi210_racks_in_the_4u_esc8000a_e11_amd_lists_it_in(bundled: Catalog, options: dict) -> None:
    """AMD's partner catalog lists the ASUS ESC8000A-E11 (4U, four 3,000 W supplies, no redundancy scheme or maximum
    published) with eight MI210; so 8 x 300 W x 1.82 = 4.37 kW, said to be derived. It was the generic 4U 8-PCIe box."""
    assert bundled.gpu("mi210").tdp_w == 300
    row = bundled.row("servers", "asus-esc8000a-e11")
    assert "mi210" in str(row["gpu_ids"]).split(";") and "67218325551" in str(row["source"])
    node = options["mi210"].node
    assert node.name == "ASUS ESC8000A-E11 (4U, 8x PCIe GPU, legacy)" and not node.generic
    assert (node.gpus, node.rack_units, node.psu_count, node.psu_w) == (8, 4, 4, 3000.0)
    assert node.nameplate_kw == pytest.approx(8 * 300 * 1.82 / 1000)
    assert any("not published" in text for text in node.derived)



def test_v100_pcie_racks_four_to_the_1u_poweredge_c4140(bundled: Catalog, options: dict) -> None:
    """Dell's deep-learning scale-out guide: the C4140 is a 1U rack server taking four V100 (SXM2 or PCIe). No supplies
    or maximum found: 4 x 250 W x 1.82 = 1.82 kW, said to be derived. It was the generic 4U 8-PCIe box (8 x 250 W x
    1.82 = 3.64 kW in 4U)."""
    assert bundled.gpu("v100-pcie-32gb").tdp_w == 250
    row = bundled.row("servers", "dell-c4140-v100-pcie")
    assert (row["gpu_ids"], row["gpu_count"], row["rack_units"], row["psu_count"]) == ("v100-pcie-32gb", 4, 1, None)
    node = options["v100-pcie-32gb"].node
    assert node.name == "Dell PowerEdge C4140 (1U, 4x V100 PCIe)" and not node.generic
    assert (node.gpus, node.rack_units) == (4, 1)
    assert node.nameplate_kw == pytest.approx(4 * 250 * 1.82 / 1000)
    assert any("not published" in text for text in node.derived)

def test_rtx_pro_6000_workstation_edition_racks_four_to_the_5u_autonomous_build(bundled: Catalog,
                                                                              options: dict) -> None:
    """Autonomous's 4x RTX PRO 6000 build: four 600 W Workstation Edition cards in a 5U rack chassis on three
    2,000 W CRPS supplies of unstated redundancy, 384 GB, one EPYC 9124. No maximum published: 4 x 600 W x 1.82 =
    4.37 kW, said to be derived. It was the generic 4-GPU tower; one to four cards still go in a tower."""
    assert bundled.gpu("rtx-pro-6000-blackwell").tdp_w == 600
    row = bundled.row("servers", "autonomous-computer-4x-rtx-pro-6000")
    assert (row["gpu_ids"], row["gpu_count"], row["rack_units"], row["psu_count"], row["psu_w"]) == (
        "rtx-pro-6000-blackwell", 4, 5, 3, 2000.0)
    assert "Workstation Edition" in str(row["gpu_model"]) and "12cf2e6" in str(row["source"])
    option = options["rtx-pro-6000-blackwell"]
    node = option.node
    assert node.name == "Autonomous Personal AI Computer (5U, 4x RTX PRO 6000 Blackwell)" and not node.generic
    assert (node.gpus, node.rack_units, node.system_memory_gb, node.tower) == (4, 5, 384.0, False)
    assert node.nameplate_kw == pytest.approx(4 * 600 * 1.82 / 1000)
    assert any("not published" in text for text in node.derived)
    # One card is a deskside tower (its GPU board, CPU and platform), not a whole 5U server.
    one, _ = option.node_with(1)
    assert one.tower and one.gpus == 1 and one.nameplate_kw == pytest.approx((600 + 350 + 150) / 0.90 / 1000)
    assert option.node_with(4)[0] is node
    # So do the other workstation cards racked eight to a 4U server.
    ada = options["rtx-6000-ada"]
    assert ada.node.gpus == 8 and ada.node_with(2)[0].tower and not ada.node_with(8)[0].tower


def test_the_mi250_oam_servers_are_listed_but_rack_no_mi250x(bundled: Catalog, options: dict) -> None:
    """Supermicro AS-4124GQ-TNMI (4U, 4 x 3,000 W) and GIGABYTE G262-ZO0 (2U, 2 x 3,000 W) hold four MI250 OAM, the
    part below the catalog's MI250X: listed with their height and supplies, no GPU planned in them."""
    tnmi, zo0 = bundled.row("servers", "supermicro-as-4124gq-tnmi"), bundled.row("servers", "gigabyte-g262-zo0")
    assert (tnmi["gpu_count"], tnmi["rack_units"], tnmi["psu_count"], tnmi["psu_w"]) == (4, 4, 4, 3000.0)
    assert (zo0["gpu_count"], zo0["rack_units"], zo0["psu_count"], zo0["psu_w"]) == (4, 2, 2, 3000.0)
    assert not tnmi["gpu_ids"] and not zo0["gpu_ids"]
    assert "OAM" in str(bundled.gpu("mi250x").form_factor)
    assert options["mi250x"].node.generic

def test_a800_racks_in_the_dgx_a800_nvidia_patches_from_the_dgx_a100_firmware(bundled: Catalog, options: dict) -> None:
    """NVIDIA publishes no DGX A800 datasheet, but fixes the DGX A100's and the DGX A800's SBIOS and BMC from one DGX
    A100 firmware container (security bulletin 5461) and lists the DGX A800 640 GB beside the DGX A100 640 GB in DGX
    OS 7: one platform, so the A800 racks at the DGX A100's 6U, 6.5 kW and 6 x 3,000 W (3+3). It was the generic 8U
    SXM box at 8 x 400 W x 1.82 = 5.82 kW."""
    a100, a800 = bundled.row("servers", "dgx-a100-640gb"), bundled.row("servers", "dgx-a800-640gb")
    for column in ("gpu_count", "rack_units", "max_power_w", "psu_count", "psu_w", "psu_redundancy", "weight_kg",
                   "cpu"):
        assert a800[column] == a100[column], column  # the chassis figures are the DGX A100's, and stay so
    assert "5461" in str(a800["source"]) and a800["system_memory_gb"] is None  # the A800 SKU's memory: not published
    assert bundled.gpu("a800-sxm4-80gb").tdp_w == bundled.gpu("a100-sxm4-80gb").tdp_w == 400
    node = options["a800-sxm4-80gb"].node
    assert node.name == "NVIDIA DGX A800 (640GB)" and not node.generic
    assert (node.gpus, node.rack_units, node.nameplate_kw, node.psu_count, node.psu_w) == (8, 6, 6.5, 6, 3000.0)
    assert node.system_memory_gb is None and node.derived == ()


def test_the_gaudi_2_server_supermicro_submitted_is_listed_not_racked(bundled: Catalog, options: dict) -> None:
    """Supermicro's own MLPerf Training v3.0 description gives the SYS-820GH-TNR2 eight air-cooled Gaudi 2 and two
    40-core Xeon 8380 but no height or supplies: listed with what it gives and its one public price, never racked, and
    Gaudi 2 keeps the generic OAM chassis (8 x 600 W x 1.82 = 8.74 kW), named generic."""
    row = bundled.row("servers", "supermicro-sys-820gh-tnr2")
    assert (row["gpu_ids"], row["gpu_count"], row["cooling"], row["cpu_cores"]) == ("gaudi2", 8, "air", 80)
    assert (row["rack_units"], row["max_power_w"], row["psu_count"], row["weight_kg"]) == (None, None, None, None)
    assert row["system_memory_gb"] is None  # the submission says 2 TB beside 16 x 64 GB: neither is taken
    assert "SYS-820GH-TNR2.json" in str(row["source"]) and row["confidence"] == "vendor"
    # ServeTheHome's $90K (undated copy): after the MLPerf v4.0 release it calls past, before a digest that links it.
    assert (row["price_usd"], row["price_date"], row["price_confidence"]) == (90000, "2024-03-27/2024-05-29",
                                                                              "secondary")
    node = options["gaudi2"].node
    assert node.generic and node.source.startswith("generic chassis")
    assert node.nameplate_kw == pytest.approx(8 * 600 * 1.82 / 1000)


def test_ascend_910b_plans_in_the_4u_atlas_800t_a2_with_its_two_kunpeng_cpus(bundled: Catalog, options: dict) -> None:
    """Huawei's storage compatibility test lists the Atlas 800T A2 at 4U with 2 x Kunpeng 920 and 8 x 910B (64 GB); no
    maximum, supplies or weight are public, so 8 x 450 W (the 910B3's TDP in the catalog) x 1.82 = 6.55 kW, said to
    be derived, and an unknown weight stays unknown."""
    assert bundled.gpu("ascend-910b").tdp_w == 450
    row = bundled.row("servers", "huawei-atlas-800t-a2")
    node = options["ascend-910b"].node
    assert node.name == f"{row['vendor']} {row['model']}" == "Huawei Atlas 800T A2" and not node.generic
    assert (node.gpus, node.rack_units, node.cpu, node.weight_kg) == (8, 4, "2x Kunpeng 920", None)
    assert node.nameplate_kw == pytest.approx(8 * 450 * 1.82 / 1000)
    assert any("not published" in text for text in node.derived)


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
    """Four RTX 5090 D V2 (no catalog server racks it) bought: a generic tower, named so, its nameplate derived for the
    class -- in English and in Chinese."""
    scenario = {"task": "lora", "model": {"preset": "llama-2-7b"}, "training": {"tokens": 1e8},
                "hardware": {"gpu": "rtx-5090-d-v2", "count": 4},
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
