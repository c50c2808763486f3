<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name></name>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="29"/>
        <location filename="../../gpuplanner/cli/plan.py" line="41"/>
        <location filename="../../gpuplanner/cli/plan.py" line="45"/>
        <location filename="../../gpuplanner/cli/plan.py" line="127"/>
        <location filename="../../gpuplanner/cli/plan.py" line="134"/>
        <location filename="../../gpuplanner/i18n/catalog_words.py" line="88"/>
        <location filename="../../gpuplanner/report/formatting.py" line="56"/>
        <location filename="../../gpuplanner/report/power_sheet.py" line="54"/>
        <location filename="../../gpuplanner/report/power_sheet.py" line="75"/>
        <location filename="../../gpuplanner/report/power_sheet.py" line="87"/>
        <location filename="../../gpuplanner/report/power_sheet.py" line="92"/>
        <location filename="../../gpuplanner/report/power_sheet.py" line="93"/>
        <location filename="../../gpuplanner/report/power_sheet.py" line="99"/>
        <location filename="../../gpuplanner/report/power_sheet.py" line="101"/>
        <location filename="../../gpuplanner/report/power_sheet.py" line="126"/>
        <location filename="../../gpuplanner/report/power_sheet.py" line="143"/>
        <location filename="../../gpuplanner/report/sheet_html.py" line="58"/>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="128"/>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="146"/>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="148"/>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="154"/>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="155"/>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="161"/>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="176"/>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="181"/>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="257"/>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="259"/>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="270"/>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="272"/>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="342"/>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="351"/>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="365"/>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="378"/>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="380"/>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="381"/>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="393"/>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="470"/>
        <location filename="../../gpuplanner/report/storage_sheet.py" line="29"/>
        <location filename="../../gpuplanner/report/storage_sheet.py" line="34"/>
        <location filename="../../gpuplanner/ui/details.py" line="239"/>
        <location filename="../../gpuplanner/ui/details.py" line="240"/>
        <location filename="../../gpuplanner/ui/details.py" line="256"/>
        <location filename="../../gpuplanner/ui/details.py" line="263"/>
        <location filename="../../gpuplanner/ui/details.py" line="286"/>
        <source>n/a</source>
        <translation>不详</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="91"/>
        <source>%1 of %2 on %3 million images (all epochs)</source>
        <translation>%2 %1，%3 百万张图像（全部轮次）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="95"/>
        <source>%1 of %2</source>
        <translation>%2 %1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="180"/>
        <source>Floor loading</source>
        <translation>地面荷载</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="208"/>
        <source>Energy per year (IT: busy at the utilisation, idle the rest)</source>
        <translation>年用电量（IT：按利用率满载，其余时间空闲）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="210"/>
        <source>Electricity per year (that energy × PUE × price)</source>
        <translation>年电费（该电量 × PUE × 电价）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="295"/>
        <source>network racks: %1, in the middle of the row; switches in them: %2 (1U each)</source>
        <translation>网络机柜：%1 个，位于机柜列中部；其中交换机：%2 台（每台 1U）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="382"/>
        <location filename="../../gpuplanner/ui/details.py" line="280"/>
        <source>Rental price: confidence, date</source>
        <translation>租用价格：可信度、日期</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="421"/>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="421"/>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="431"/>
        <source>Management switch</source>
        <translation>管理交换机</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="421"/>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="431"/>
        <source>Cable management</source>
        <translation>理线架</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="422"/>
        <source>Free</source>
        <translation>空闲</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="422"/>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="432"/>
        <source>PDU</source>
        <translation>PDU</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="423"/>
        <source>Rack elevation (front), one of %1</source>
        <translation>机柜布置图（正面），共 %1 个机柜</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="435"/>
        <location filename="../../gpuplanner/ui/details.py" line="88"/>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="435"/>
        <location filename="../../gpuplanner/ui/details.py" line="88"/>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="436"/>
        <location filename="../../gpuplanner/ui/details.py" line="341"/>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="436"/>
        <location filename="../../gpuplanner/ui/details.py" line="89"/>
        <source>Activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="81"/>
        <source>%1 · %2 · %3 on %4 x %5 (%6 nodes)</source>
        <translation>%1 · %2 · %3，%4 × %5（%6 个节点）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="81"/>
        <source>%1 · %2 · %3 on %4 x %5 (1 node)</source>
        <translation>%1 · %2 · %3，%4 × %5（1 个节点）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="84"/>
        <source>Fits: yes</source>
        <translation>显存够用：是</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="84"/>
        <source>Fits: NO</source>
        <translation>显存够用：否</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="90"/>
        <source>trainable parameters %1</source>
        <translation>可训练参数 %1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="93"/>
        <source>Layout: %1</source>
        <translation>并行布局：%1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="94"/>
        <source>Layout: %1 (v=%2) · ZeRO-%3 · micro-batch %4 · recompute %5 · sequence parallel %6</source>
        <translation>并行布局：%1（v=%2）· ZeRO-%3 · 微批 %4 · 重计算 %5 · 序列并行 %6</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="96"/>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="96"/>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="100"/>
        <source>weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="100"/>
        <source>gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="100"/>
        <source>optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="101"/>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="437"/>
        <location filename="../../gpuplanner/ui/details.py" line="89"/>
        <location filename="../../gpuplanner/ui/details.py" line="342"/>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="101"/>
        <source>activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="101"/>
        <source>overhead</source>
        <translation>额外开销</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="104"/>
        <source>total</source>
        <translation>合计</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="104"/>
        <source>capacity</source>
        <translation>容量</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="107"/>
        <source>%1 tokens/s (%2 per GPU)</source>
        <translation>每秒 %1 token（单卡 %2）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="109"/>
        <source>%1 images/s</source>
        <translation>每秒 %1 张图</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="113"/>
        <source>step time %1 s</source>
        <translation>单步时间 %1 秒</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="114"/>
        <location filename="../../gpuplanner/cli/estimate.py" line="141"/>
        <source>uncertainty %1</source>
        <translation>不确定度 %1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="140"/>
        <source>Serving (%1)</source>
        <translation>推理服务（%1）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="117"/>
        <source>model TFLOP/s %1 per GPU, MFU %2%</source>
        <translation>单卡模型算力 %1 TFLOP/s，MFU %2%</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="37"/>
        <location filename="../../gpuplanner/report/storage_sheet.py" line="45"/>
        <source>Storage and host</source>
        <translation>存储与主机</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="119"/>
        <source>run %1 days, %2 GPU-hours</source>
        <translation>总时长 %1 天，%2 GPU 小时</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="121"/>
        <source>goodput %1% (%2 days of steps, %3 interruptions expected, a checkpoint every %4 min)</source>
        <translation>有效训练时间 %1%（纯训练步骤 %2 天，预计中断 %3 次，每 %4 分钟保存一次检查点）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="125"/>
        <source>step breakdown: %1</source>
        <translation>单步构成：%1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="66"/>
        <location filename="../../gpuplanner/cli/estimate.py" line="125"/>
        <location filename="../../gpuplanner/i18n/catalog_words.py" line="62"/>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="45"/>
        <source>RL step: %1, %2, rollouts by %3</source>
        <translation>RL 单步：%1，%2，由 %3 生成采样</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="46"/>
        <source>RL step: %1 (offline, no rollout)</source>
        <translation>RL 单步：%1（离线，无采样生成）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="48"/>
        <location filename="../../gpuplanner/report/rl_sheet.py" line="20"/>
        <location filename="../../gpuplanner/ui/details.py" line="157"/>
        <source>one-step-off asynchronous</source>
        <translation>异步错开一步（one-step-off）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="49"/>
        <source>step time %1 s (uncertainty %2)</source>
        <translation>单步时间 %1 秒（不确定度 %2）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="51"/>
        <location filename="../../gpuplanner/cli/estimate.py" line="126"/>
        <source>%1 %2 s</source>
        <translation>%1 %2 秒</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="54"/>
        <source>generation %1% of the step; %2 generated tokens/s; %3 trained tokens/s</source>
        <translation>生成占单步 %1%；每秒生成 %2 token；每秒训练 %3 token</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="57"/>
        <source>rollout: %1 replicas of TP %2 on %3 GPUs, up to %4 sequences at once each; training on %5 GPUs</source>
        <translation>采样生成：%3 块 GPU 上 %1 个 TP %2 副本，每个副本同时最多 %4 条序列；训练用 %5 块 GPU</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="61"/>
        <source>%1 trained tokens/s</source>
        <translation>每秒训练 %1 token</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="63"/>
        <source>idle: rollout GPUs %1% of the step, training GPUs %2%</source>
        <translation>空闲：生成 GPU 占单步 %1%，训练 GPU %2%</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="66"/>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="67"/>
        <location filename="../../gpuplanner/report/rl_sheet.py" line="31"/>
        <location filename="../../gpuplanner/ui/details.py" line="174"/>
        <source>rollout</source>
        <translation>生成阶段</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="67"/>
        <location filename="../../gpuplanner/report/rl_sheet.py" line="31"/>
        <location filename="../../gpuplanner/ui/details.py" line="174"/>
        <source>training</source>
        <translation>训练阶段</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="67"/>
        <location filename="../../gpuplanner/report/rl_sheet.py" line="32"/>
        <location filename="../../gpuplanner/ui/details.py" line="175"/>
        <source>critic</source>
        <translation>价值模型阶段</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="69"/>
        <source>memory per GPU: peak %1 GiB of %2 (%3)</source>
        <translation>每卡显存：峰值 %1 GiB / %2（%3）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="72"/>
        <source>training states offloaded to host memory while the engine generates</source>
        <translation>推理引擎生成期间，训练状态卸载到主机内存</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="73"/>
        <source>run: %1 steps, %2 days, %3 GPU-hours</source>
        <translation>全程：%1 步，%2 天，%3 GPU 小时</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="133"/>
        <location filename="../../gpuplanner/cli/estimate.py" line="135"/>
        <location filename="../../gpuplanner/ui/details.py" line="188"/>
        <location filename="../../gpuplanner/ui/details.py" line="191"/>
        <source>nothing</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="134"/>
        <source>Software stack %1: fixed %2; set by you %3; searched %4</source>
        <translation>软件栈 %1：固定 %2；由你设定 %3；搜索 %4</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="143"/>
        <source>time to first token %1 ms</source>
        <translation>首 token 时延 %1 毫秒</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="144"/>
        <source>time per output token %1 ms</source>
        <translation>每个输出 token %1 毫秒</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="145"/>
        <source>output tokens/s %1 (%2 per GPU)</source>
        <translation>每秒输出 token %1（单卡 %2）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="147"/>
        <source>largest batch %1 sequences per replica (KV-cache room; admission: %2)</source>
        <translation>每个副本最大批量 %1 条序列（KV 缓存容量；准入方式：%2）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="149"/>
        <source>replicas %1 x %2 GPU(s); the load needs %3 (%4 GPUs)</source>
        <translation>副本 %1 × %2 块 GPU；负载需要 %3 个副本（%4 块 GPU）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="150"/>
        <source>replicas %1 x %2 GPU(s); the load needs %3 (1 GPU)</source>
        <translation>副本 %1 × %2 块 GPU；负载需要 %3 个副本（1 块 GPU）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="155"/>
        <source>Power: %1 kW nameplate for the whole server (%2 GPUs); the %3 GPUs used draw %4 kW expected</source>
        <translation>功耗：整台服务器（%2 块 GPU）铭牌 %1 kW；所用的 %3 块 GPU 预计 %4 kW</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="157"/>
        <source>Power: %1 kW nameplate for the whole server (%2 GPUs); the one GPU used draws %4 kW expected</source>
        <translation>功耗：整台服务器（%2 块 GPU）铭牌 %1 kW；所用的 1 块 GPU 预计 %4 kW</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="161"/>
        <source>Power: %1 kW nameplate and %2 kW expected per node, %3 kW cluster</source>
        <translation>功耗：每节点额定 %1 kW、预计 %2 kW，集群 %3 kW</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="165"/>
        <source>energy per run %1 MWh (IT, before PUE)</source>
        <translation>单次运行耗电 %1 MWh（IT 侧，未计 PUE）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="168"/>
        <source>Other layouts</source>
        <translation>其他布局</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="191"/>
        <source>%1 (%2 requested)</source>
        <translation>%1（请求的是 %2）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="209"/>
        <source>evaluate one scenario</source>
        <translation>评估一个场景</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="210"/>
        <location filename="../../gpuplanner/cli/plan.py" line="321"/>
        <source>the scenario (README: Scenario file)</source>
        <translation>场景文件（见 README：Scenario file）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/calibration.py" line="70"/>
        <source>fitted on %1 published runs from %2 independent sources (resources/reference/published-runs.json):</source>
        <translation>拟合依据：%2 个独立来源的 %1 次公开运行（resources/reference/published-runs.json）：</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/calibration.py" line="74"/>
        <source>independent sources (runs of one recipe, benchmark round or vendor table count once):</source>
        <translation>独立来源（同一配方、同一轮基准测试或同一厂商表格的运行只计一次）：</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/calibration.py" line="94"/>
        <source>no fitted constant %1; one of: %2</source>
        <translation>没有拟合常数 %1；可选：%2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/calibration.py" line="107"/>
        <source>your calibration cannot be read (%1): the published one is used; `gpuplanner calibrate --reset` removes it</source>
        <translation>无法读取您的校准（%1）：改用公开校准；`gpuplanner calibrate --reset` 可将其删除</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/calibration.py" line="115"/>
        <source>GEMM efficiency x</source>
        <translation>GEMM 效率 ×</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/calibration.py" line="115"/>
        <source>prompt-processing share x</source>
        <translation>提示处理算力占比 ×</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/calibration.py" line="116"/>
        <source>memory-bandwidth share x</source>
        <translation>显存带宽占比 ×</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/calibration.py" line="116"/>
        <source>memory overhead GiB/GPU</source>
        <translation>每 GPU 显存开销 GiB</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/calibration.py" line="134"/>
        <source>band ±%1% (leave-one-out over %2 runs, %3% coverage)</source>
        <translation>误差带 ±%1%（%2 次运行的留一法，覆盖率 %3%）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/calibration.py" line="137"/>
        <source>published band kept (one run; %1 needed for your own)</source>
        <translation>保留公开误差带（1 次运行；需 %1 次才能使用您自己的）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/calibration.py" line="138"/>
        <source>published band kept (%1 runs; %2 needed for your own)</source>
        <translation>保留公开误差带（%1 次运行；需 %2 次才能使用您自己的）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/calibration.py" line="145"/>
        <source>one run of %1</source>
        <translation>%1 的 1 次运行</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/calibration.py" line="146"/>
        <source>%1 runs of %2</source>
        <translation>%2 的 %1 次运行</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/calibration.py" line="160"/>
        <source>run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/calibration.py" line="160"/>
        <source>figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/calibration.py" line="160"/>
        <source>before</source>
        <translation>校准前</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/calibration.py" line="160"/>
        <source>measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/calibration.py" line="160"/>
        <source>after</source>
        <translation>校准后</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/calibration.py" line="160"/>
        <source>error before → after</source>
        <translation>误差 校准前 → 校准后</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/calibration.py" line="168"/>
        <source>Calibrated on one run (GPU · math width · stack or engine), over the published calibration:</source>
        <translation>已在公开校准之上，用 1 次运行（GPU · 计算位宽 · 软件栈或引擎）完成校准：</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/calibration.py" line="170"/>
        <source>Calibrated on %1 runs in one group (GPU · math width · stack or engine), over the published calibration:</source>
        <translation>已在公开校准之上，用 1 个分组（GPU · 计算位宽 · 软件栈或引擎）中的 %1 次运行完成校准：</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/calibration.py" line="172"/>
        <source>Calibrated on %1 runs in %2 groups (GPU · math width · stack or engine), over the published calibration:</source>
        <translation>已在公开校准之上，用 %2 个分组（GPU · 计算位宽 · 软件栈或引擎）中的 %1 次运行完成校准：</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/calibration.py" line="175"/>
        <source>What moved:</source>
        <translation>变化的常数：</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/calibration.py" line="177"/>
        <source>Stored in %1; `gpuplanner estimate` and `plan` use it. `gpuplanner calibrate --reset` restores the published estimates.</source>
        <translation>已保存到 %1；`gpuplanner estimate` 和 `plan` 将使用它。`gpuplanner calibrate --reset` 可恢复公开估算。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/calibration.py" line="189"/>
        <source>No calibration of your own is stored: estimates run on the published calibration.</source>
        <translation>未保存您自己的校准：估算使用公开校准。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/calibration.py" line="190"/>
        <source>Your calibration (%1): %2</source>
        <translation>您的校准（%1）：%2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/calibration.py" line="217"/>
        <source>Your calibration was removed: estimates run on the published calibration.</source>
        <translation>您的校准已删除：估算使用公开校准。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/calibration.py" line="218"/>
        <source>No calibration of your own was stored.</source>
        <translation>未保存过您自己的校准。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/calibration.py" line="241"/>
        <source>fit your own measured runs and use them in every estimate</source>
        <translation>拟合您自己的实测运行，并用于每次估算</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/calibration.py" line="243"/>
        <source>runs files: a &quot;runs&quot; list, each run with the scenario as estimate takes it, the figures measured by their path in estimate&apos;s JSON, a source and a date (README: Calibrating to your own hardware)</source>
        <translation>运行文件：一个 &quot;runs&quot; 列表，每次运行含 estimate 接受的场景、按 estimate JSON 路径给出的实测指标、来源和日期（README：按您自己的硬件校准）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/calibration.py" line="247"/>
        <source>read the other files as tool logs (vLLM or SGLang benchmark results, llama-bench JSON, Megatron-LM, torchtitan or Hugging Face Trainer output) measured on this scenario</source>
        <translation>把其余文件当作在此场景上测得的工具日志读取（vLLM 或 SGLang 基准结果、llama-bench JSON、Megatron-LM、torchtitan 或 Hugging Face Trainer 输出）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/calibration.py" line="250"/>
        <source>list the calibration stored</source>
        <translation>列出已保存的校准</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/calibration.py" line="252"/>
        <source>remove your calibration: estimates return to the published one</source>
        <translation>删除您的校准：估算恢复为公开校准</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/calibration.py" line="256"/>
        <source>what the estimates are calibrated on</source>
        <translation>估算所依据的校准</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/calibration.py" line="258"/>
        <source>a fitted constant&apos;s value and the published runs it was fitted on</source>
        <translation>某个拟合常数的值及其拟合所用的公开运行</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/calibration.py" line="260"/>
        <source>the constant: efficiency ARCHITECTURE WIDTH (e.g. efficiency Hopper 16-bit), moe_expert_efficiency, or serving NAME (e.g. serving trtllm_hbm)</source>
        <translation>常数：efficiency 架构 位宽（如 efficiency Hopper 16-bit）、moe_expert_efficiency，或 serving 名称（如 serving trtllm_hbm）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/calibrate_logs.py" line="46"/>
        <source>Wrote %1 runs to %2</source>
        <translation>已将 %1 个运行写入 %2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/calibrate_logs.py" line="47"/>
        <source>Wrote one run to %1</source>
        <translation>已将 1 个运行写入 %1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/calibrate_logs.py" line="57"/>
        <source>read measured runs from benchmark and training logs into a runs file for calibrate</source>
        <translation>从基准测试和训练日志中读取实测运行，写成供 calibrate 使用的运行文件</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/calibrate_logs.py" line="60"/>
        <source>the scenario the logged runs ran (README: Scenario file); what a log states of its run (lengths, concurrency, engine) replaces the scenario&apos;s</source>
        <translation>日志中这些运行所用的场景（README：场景文件）；日志自身记录的运行设置（长度、并发、引擎）会替换场景中的设置</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/calibrate_logs.py" line="63"/>
        <source>vLLM or SGLang benchmark results, SGLang bench_one_batch output, llama-bench JSON, a Megatron-LM or torchtitan log, or Hugging Face Trainer&apos;s trainer_state.json / all_results.json</source>
        <translation>vLLM 或 SGLang 基准测试结果、SGLang bench_one_batch 输出、llama-bench JSON、Megatron-LM 或 torchtitan 日志，或 Hugging Face Trainer 的 trainer_state.json / all_results.json</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/calibrate_logs.py" line="67"/>
        <source>write the runs file here (default: print it)</source>
        <translation>将运行文件写到此处（默认：打印输出）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/calibrate_logs.py" line="68"/>
        <location filename="../../gpuplanner/cli/calibration.py" line="253"/>
        <location filename="../../gpuplanner/cli/calibration.py" line="263"/>
        <location filename="../../gpuplanner/cli/estimate.py" line="212"/>
        <location filename="../../gpuplanner/cli/main.py" line="178"/>
        <source>language of the text report</source>
        <translation>文本报告的语言</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="437"/>
        <source>Overhead</source>
        <translation>额外开销</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="439"/>
        <source>Memory per GPU (GiB); dashed line: capacity %1 GiB</source>
        <translation>单卡显存占用（GiB）；虚线：容量 %1 GiB</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="450"/>
        <source>GPU cluster plan</source>
        <translation>GPU 集群方案</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="453"/>
        <source>Rack and power specification for the data-center team</source>
        <translation>机房团队用机柜与供电规格书</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="457"/>
        <source>Scenario</source>
        <translation>方案</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="458"/>
        <source>Recommended</source>
        <translation>推荐配置</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="462"/>
        <source>Deployment</source>
        <translation>部署方式</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="462"/>
        <source>bought (on-premises)</source>
        <translation>购买（自建机房）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="462"/>
        <source>rented (cloud)</source>
        <translation>租用（云）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="464"/>
        <source>Parallel layout</source>
        <translation>并行布局</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="470"/>
        <source>Catalog data as of</source>
        <translation>目录数据日期</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="471"/>
        <source>Key assumptions</source>
        <translation>关键假设</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="471"/>
        <source>PUE %1; expected draw %2 kW per node (metered MLPerf H100 node scaled by GPU TDP); utilisation %3 %</source>
        <translation>PUE %1；每节点预计功耗 %2 kW（按 MLPerf 实测 H100 节点，按 GPU TDP 折算）；利用率 %3 %</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="108"/>
        <source>Leaf switch, %1 ports</source>
        <translation>叶交换机，%1 端口</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="109"/>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="112"/>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="115"/>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="117"/>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="118"/>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="122"/>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="125"/>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="129"/>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="131"/>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="132"/>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="135"/>
        <source>not priced</source>
        <translation>未计价</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="111"/>
        <source>Spine switch, %1 ports</source>
        <translation>脊交换机，%1 端口</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="114"/>
        <source>Cables node to leaf (%1 Gb/s)</source>
        <translation>节点到叶交换机线缆（%1 Gb/s）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="117"/>
        <source>Cables leaf to spine</source>
        <translation>叶到脊交换机线缆</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="121"/>
        <source>Transceivers, %1 Gb/s</source>
        <translation>光模块，%1 Gb/s</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="124"/>
        <source>Racks (%1 U)</source>
        <translation>机柜（%1 U）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="128"/>
        <source>Rack PDUs (A and B feeds)</source>
        <translation>机柜 PDU（A/B 两路）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="131"/>
        <source>Network racks (switches)</source>
        <translation>网络机柜（交换机）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="134"/>
        <source>Management switches, 48 × 1 GbE (out-of-band)</source>
        <translation>管理交换机，48 × 1 GbE（带外）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="136"/>
        <source>Bill of materials</source>
        <translation>物料清单</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="136"/>
        <source>Item</source>
        <translation>项目</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="136"/>
        <source>Quantity</source>
        <translation>数量</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="136"/>
        <source>Unit price</source>
        <translation>单价</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="137"/>
        <location filename="../../gpuplanner/ui/details.py" line="90"/>
        <source>Total</source>
        <translation>合计</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="141"/>
        <source>Per node</source>
        <translation>单节点</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="142"/>
        <location filename="../../gpuplanner/ui/details.py" line="250"/>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="143"/>
        <location filename="../../gpuplanner/ui/details.py" line="251"/>
        <source>Server figures: confidence</source>
        <translation>服务器参数：可信度</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="144"/>
        <source>GPUs per node</source>
        <translation>每节点 GPU 数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="145"/>
        <source>Height</source>
        <translation>高度</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="146"/>
        <source>Weight</source>
        <translation>重量</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="147"/>
        <source>Power supplies</source>
        <translation>电源模块</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="148"/>
        <source>PSU inlet and cord (IEC 60320)</source>
        <translation>电源输入口与电源线（IEC 60320）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="149"/>
        <source>Nameplate power (provision for this)</source>
        <translation>额定功耗（按此配电）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="230"/>
        <source>Export rules</source>
        <translation>出口规则</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="240"/>
        <source>derived for its class: the catalog has no server for this GPU; ask a vendor for a server and its figure</source>
        <translation>按其类别推算：目录中没有装此 GPU 的服务器；请向厂商索取服务器及其数值</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="243"/>
        <source>derived for its class (a tower workstation): ask its vendor for its figure</source>
        <translation>按其类别推算（塔式工作站）：请向其厂商索取该数值</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="244"/>
        <source>estimated from the GPUs&apos; TDP: the server&apos;s maximum power is not published; ask the vendor</source>
        <translation>按 GPU 的 TDP 估算：该服务器的最大功率未公布，请向厂商索取</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="151"/>
        <source>Expected draw under training</source>
        <translation>训练时预计功耗</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="152"/>
        <source>Expected draw (serving, taken at the training draw)</source>
        <translation>预计功耗（推理按训练时功耗计）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="153"/>
        <source>Idle draw</source>
        <translation>空闲功耗</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="154"/>
        <source>Heat at nameplate</source>
        <translation>额定发热量</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="155"/>
        <source>Airflow</source>
        <translation>风量</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="157"/>
        <source>Scale-out network ports</source>
        <translation>横向扩展网络端口</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="157"/>
        <source>none (single node)</source>
        <translation>无（单节点）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="158"/>
        <source>%1 × %2 Gb/s</source>
        <translation>%1 × %2 Gb/s</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="160"/>
        <source>CPU / memory</source>
        <translation>CPU / 内存</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="171"/>
        <location filename="../../gpuplanner/ui/details.py" line="261"/>
        <source>Nodes per rack</source>
        <translation>每机柜节点数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="171"/>
        <location filename="../../gpuplanner/ui/details.py" line="261"/>
        <location filename="../../gpuplanner/ui/details.py" line="382"/>
        <source>Racks</source>
        <translation>机柜数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="172"/>
        <source>Power per rack (nameplate)</source>
        <translation>单机柜功耗（额定）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="173"/>
        <source>Site limit per rack</source>
        <translation>机房单柜上限</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="174"/>
        <source>Rack sizing limited by</source>
        <translation>机柜容量受限于</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="175"/>
        <source>Heat per rack</source>
        <translation>单机柜发热量</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="177"/>
        <location filename="../../gpuplanner/ui/details.py" line="262"/>
        <source>Cooling needed</source>
        <translation>所需散热</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="113"/>
        <source>beyond the site&apos;s %1 cooling</source>
        <translation>超出机房%1能力</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="179"/>
        <source>Rack weight (nodes)</source>
        <translation>机柜重量（节点）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="249"/>
        <source>Cost (%1)</source>
        <translation>成本（%1）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="352"/>
        <source>%1 kg/m² over a %2 × %3 mm rack</source>
        <translation>%1 kg/m²（机柜占地 %2 × %3 mm）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="181"/>
        <source>Airflow per rack</source>
        <translation>单机柜风量</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="182"/>
        <source>%1 m³/h (%2 CFM) at a %3 °C rise</source>
        <translation>%1 m³/h（%2 CFM），进出风温差 %3 °C</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="185"/>
        <source>Inlet air</source>
        <translation>进风温度</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="185"/>
        <source>%1-%2 °C recommended (ASHRAE TC 9.9); the node&apos;s allowed range is in its datasheet</source>
        <translation>推荐 %1-%2 °C（ASHRAE TC 9.9）；服务器允许范围见其规格书</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="191"/>
        <source>Rack</source>
        <translation>机柜</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="191"/>
        <source>the system is a whole %1 U rack, delivered integrated with its own power shelves and manifolds: no rack to provide</source>
        <translation>该系统本身就是一整台 %1 U 机柜，出厂即集成电源架与冷却歧管：无需另备机柜</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="194"/>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="196"/>
        <source>Per rack (cabinet power)</source>
        <translation>单机柜（机柜功耗）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="489"/>
        <source>%1 % of the wall-clock time trains (%2 days of steps; interruptions expected: %3; a checkpoint every %4 min)</source>
        <translation>%1 % 的实际时间用于训练（纯训练步骤 %2 天；预计中断次数：%3；每 %4 分钟保存一次检查点）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="17"/>
        <source>Power supplies not in the catalog: feed redundancy unknown, not assumed. Ask the vendor for the supplies&apos; count, rating and redundancy.</source>
        <translation>目录中没有电源模块数据：供电冗余未知，不作假定。请向供应商索取电源数量、额定功率与冗余方式。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="22"/>
        <source>Either feed can fail: the %1 supplies left on one feed give %2 kW, at least the node&apos;s %3 kW maximum.</source>
        <translation>任一路供电故障均可承受：单路剩余 %1 个电源共 %2 kW，不低于节点最大功率 %3 kW。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="25"/>
        <source>Not redundant at full power: the %1 supplies left on one feed give %2 kW, below the node&apos;s %3 kW maximum. When a feed fails the node runs only power-capped at %2 kW (its expected %4 kW fits); a peak above that can trip it.</source>
        <translation>满功率下不冗余：单路剩余 %1 个电源共 %2 kW，低于节点最大功率 %3 kW。一路故障时节点只能限功率运行在 %2 kW（预计功耗 %4 kW 在此范围内）；超过该值的峰值可能导致跳闸。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="29"/>
        <source>Not redundant: the %1 supplies left on one feed give %2 kW, below even the node&apos;s expected %4 kW (maximum %3 kW). When a feed fails the node goes down.</source>
        <translation>不冗余：单路剩余 %1 个电源共 %2 kW，低于节点预计功耗 %4 kW（最大 %3 kW）。一路故障时节点将停机。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="33"/>
        <source>A third feed makes it redundant: with the supplies spread over three feeds, %1 kW is left when one fails.</source>
        <translation>增加第三路供电可实现冗余：电源分布在三路上时，一路故障后仍有 %1 kW。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="35"/>
        <source>No spread of these supplies over feeds carries the maximum: ask for a supply option rated N+N, or cap the node&apos;s power.</source>
        <translation>这些电源无论如何分配到各路都无法承载最大功率：请选用 N+N 冗余的电源配置，或限制节点功率。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="42"/>
        <source>IDC cabinet sold by current: one single-phase 220 V %1 A circuit per feed, derated to %2 % at power factor %3: %4 kW</source>
        <translation>按电流计费的 IDC 机柜：每路一条单相 220 V %1 A 回路，降额至 %2 %、功率因数 %3：%4 kW</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="45"/>
        <source>%1 V %2-phase %3 A circuits, derated to %4 % at power factor %5: %6 kW each</source>
        <translation>%1 V %2 相 %3 A 回路，降额至 %4 %、功率因数 %5：每条 %6 kW</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="57"/>
        <source>one supply cord draws %1 A, more than the %2 A a circuit may carry: no circuit of this size can feed the node</source>
        <translation>单根电源线电流 %1 A，超过一条回路允许的 %2 A：此规格的回路无法为该节点供电</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="60"/>
        <source>%1 A per line (of %2 A allowed), an estimate: the supplies are not in the catalog, so each node is put whole on one circuit, its load taken as balanced; confirm with the vendor</source>
        <translation>每相 %1 A（允许 %2 A），为估算值：目录中没有电源数据，故每个节点整体接入一条回路，负载按三相平衡计；请向供应商确认</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="64"/>
        <source>%1 A (of %2 A allowed), an estimate: the supplies are not in the catalog, so each node is put whole on one circuit; confirm with the vendor</source>
        <translation>%1 A（允许 %2 A），为估算值：目录中没有电源数据，故每个节点整体接入一条回路；请向供应商确认</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="69"/>
        <source>%1 (of %2 A allowed: breaker × derating)</source>
        <translation>%1（允许 %2 A：断路器 × 降额）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="86"/>
        <source>line to line</source>
        <translation>线间（相间）接入</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="86"/>
        <source>line to neutral</source>
        <translation>相线对中性线接入</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="88"/>
        <source>%1 per node on each feed, %2 A each while one feed carries the node; up to %3 on a circuit</source>
        <translation>每节点每路 %1 根，单路承载节点时每根 %2 A；每条回路最多 %3 根</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="90"/>
        <source>Feeds and circuits (A/B)</source>
        <translation>双路供电与回路（A/B）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="91"/>
        <source>Circuit</source>
        <translation>回路</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="92"/>
        <source>Circuits on feed A</source>
        <translation>A 路回路数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="93"/>
        <source>Circuits on feed B</source>
        <translation>B 路回路数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="94"/>
        <source>Feed connector</source>
        <translation>供电接头</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="95"/>
        <source>Supplies&apos; input</source>
        <translation>电源输入</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="95"/>
        <source>%1 V, %2</source>
        <translation>%1 V，%2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="96"/>
        <source>Supply cords</source>
        <translation>电源线</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="97"/>
        <source>Busiest circuit, one feed carrying the rack</source>
        <translation>最忙回路（单路承载整柜时）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="98"/>
        <source>Rack PDUs</source>
        <translation>机柜 PDU</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="77"/>
        <source>%1 per rack (one per circuit on each feed), %2 in the node racks</source>
        <translation>每柜 %1 个（每路每条回路一个），节点机柜共 %2 个</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="79"/>
        <source>%1 per rack (one per circuit on each feed), %2 in the node racks; up to %3 outlets each</source>
        <translation>每柜 %1 个（每路每条回路一个），节点机柜共 %2 个；每个最多 %3 个插座</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="99"/>
        <source>Apparent power per rack</source>
        <translation>每柜视在功率</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="100"/>
        <source>%1 kVA at nameplate</source>
        <translation>按铭牌功率 %1 kVA</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="101"/>
        <source>UPS</source>
        <translation>UPS</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="102"/>
        <source>2N: each side at least %1 kVA (the cluster at nameplate)</source>
        <translation>2N：每侧至少 %1 kVA（集群按铭牌功率计）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="103"/>
        <source>If a feed fails</source>
        <translation>一路供电故障时</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="116"/>
        <source>within the %1 kW a rack the site states its %2 cooling removes (planning default %3 kW)</source>
        <translation>在机房声明的%2能力之内：每机柜 %1 kW（规划默认值 %3 kW）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="127"/>
        <source>%1 RT at nameplate (%2 kW: size the chillers for this); %3 RT at the job&apos;s expected draw (%4 kW)</source>
        <translation>按铭牌功率 %1 冷吨（%2 kW：冷水机组按此选型）；按作业预计功耗 %3 冷吨（%4 kW）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="136"/>
        <source>%1 kW per rack for this server (%2 cooling)</source>
        <translation>此服务器每柜 %1 kW（%2散热）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="139"/>
        <source>binds</source>
        <translation>为约束条件</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="140"/>
        <source>Server cooling</source>
        <translation>服务器散热方式</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="140"/>
        <source>Site cooling limit</source>
        <translation>机房散热上限</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="143"/>
        <source>Coolant flow per rack</source>
        <translation>每柜冷却液流量</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="144"/>
        <source>%1 L/min of water at a %2 °C rise, all nameplate heat taken to liquid</source>
        <translation>%1 L/min（水，温升 %2 °C），按铭牌热量全部由液冷带走计</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="146"/>
        <source>Coolant supply temperature</source>
        <translation>冷却液供液温度</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="146"/>
        <source>unknown: not in the catalog; take it from the rack vendor&apos;s guide</source>
        <translation>未知：目录中没有此数据；请按机柜厂商指南</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="147"/>
        <source>Heat left to room air</source>
        <translation>散入机房空气的热量</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="147"/>
        <source>unknown: the vendor&apos;s liquid/air split is not in the catalog (power shelves, fans and drives stay air-cooled); ask for it</source>
        <translation>未知：目录中没有厂商的液冷/风冷热量分配（电源架、风扇与硬盘仍为风冷）；请向厂商索取</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="149"/>
        <source>CDU capacity</source>
        <translation>CDU 容量</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="149"/>
        <source>at least %1 kW per rack served</source>
        <translation>每服务一柜至少 %1 kW</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/power_sheet.py" line="158"/>
        <source>The site&apos;s cooling limit binds: it sets the nodes per rack at %1 kW of heat a rack for this server. Change it where your room removes more (constraints.site.cooling_kw_per_rack; in the app, the site&apos;s cooling limit).</source>
        <translation>机房散热上限为约束条件：它按此服务器每柜 %1 kW 的散热量决定每柜节点数。若机房散热能力更高，请修改该值（constraints.site.cooling_kw_per_rack；应用中为机房散热上限）。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="203"/>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="204"/>
        <source>Nodes / racks</source>
        <translation>节点 / 机柜</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="205"/>
        <source>IT power, expected</source>
        <translation>预计 IT 功率</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="207"/>
        <source>Facility power with PUE</source>
        <translation>含 PUE 的机房总功率</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="211"/>
        <source>Cooling load</source>
        <translation>制冷负荷</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="212"/>
        <source>Switches</source>
        <translation>交换机</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="212"/>
        <source>%1 leaf + %2 spine + %3 core (%4)</source>
        <translation>%1 台叶交换机 + %2 台脊交换机 + %3 台核心交换机（%4）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="214"/>
        <source>Cables</source>
        <translation>线缆</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="214"/>
        <source>%1 node-to-leaf, %2 switch-to-switch</source>
        <translation>节点到叶交换机 %1 根，交换机之间 %2 根</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="59"/>
        <source>Cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="250"/>
        <location filename="../../gpuplanner/ui/details.py" line="278"/>
        <location filename="../../gpuplanner/ui/details.py" line="385"/>
        <source>Capex</source>
        <translation>资本支出</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="250"/>
        <location filename="../../gpuplanner/ui/details.py" line="280"/>
        <source>Purchase price: confidence, date</source>
        <translation>采购价格：可信度、日期</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="251"/>
        <location filename="../../gpuplanner/ui/details.py" line="282"/>
        <source>Purchase price source</source>
        <translation>采购价格来源</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="252"/>
        <location filename="../../gpuplanner/ui/details.py" line="283"/>
        <source>Opex per year</source>
        <translation>年运营支出</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="253"/>
        <source>TCO over %1 years</source>
        <translation>%1 年总拥有成本</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="254"/>
        <source>Owned cost per GPU-hour</source>
        <translation>自建每 GPU 小时成本</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="255"/>
        <location filename="../../gpuplanner/ui/details.py" line="285"/>
        <source>Cloud on demand per GPU-hour</source>
        <translation>云上按量付费（每 GPU 小时）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="256"/>
        <source>Cloud reserved / spot per GPU-hour</source>
        <translation>云上包年包月 / 竞价实例（每 GPU 小时）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="257"/>
        <source>Break-even utilisation against on-demand</source>
        <translation>相对按量付费的盈亏平衡利用率</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="259"/>
        <source>Payback</source>
        <translation>回本周期</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="260"/>
        <source>months</source>
        <translation>个月</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/sheet_html.py" line="60"/>
        <source>fits: %1 A of the circuit&apos;s %2 A continuous</source>
        <translation>可以：占用该回路 %2 A 持续电流中的 %1 A</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/sheet_html.py" line="63"/>
        <source>needs %1 A, more than the circuit&apos;s %2 A continuous: give it a dedicated, larger circuit</source>
        <translation>需要 %1 A，超过该回路 %2 A 的持续电流：请为它配一条更大的专用回路</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="268"/>
        <source>At the desk (one workstation, no rack)</source>
        <translation>桌边部署（一台工作站，无需机柜）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/sheet_html.py" line="65"/>
        <source>Wall circuit</source>
        <translation>墙面插座回路</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/sheet_html.py" line="65"/>
        <source>%1 V %2 A, derated to %3 %: %4 kW continuous</source>
        <translation>%1 V %2 A，按 %3 % 降额：持续 %4 kW</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/sheet_html.py" line="68"/>
        <source>Wall outlet</source>
        <translation>墙面插座</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="270"/>
        <source>Nameplate power</source>
        <translation>额定功率</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/sheet_html.py" line="69"/>
        <source>On that circuit</source>
        <translation>接在该回路上</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="272"/>
        <location filename="../../gpuplanner/ui/details.py" line="256"/>
        <source>Heat into the room</source>
        <translation>散入房间的热量</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="273"/>
        <source>Noise</source>
        <translation>噪声</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="273"/>
        <source>n/a (not published for this chassis)</source>
        <translation>不详（该机箱未公布）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="274"/>
        <source>Rack, PDUs and feeds</source>
        <translation>机柜、PDU 与供电</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="274"/>
        <source>none needed: a tower on the floor or a desk</source>
        <translation>无需：塔式机放在地面或桌边即可</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="282"/>
        <source>node weight (rack and floor loading)</source>
        <translation>服务器重量（机柜与地面荷载）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="283"/>
        <source>nameplate power (circuits, PDUs, cooling)</source>
        <translation>额定功率（回路、PDU、散热）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="284"/>
        <source>power supplies: count, watts, redundancy and inlets</source>
        <translation>电源：数量、功率、冗余方式与输入接口</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="286"/>
        <source>Not in the catalog for %1: %2. Ask the vendor.</source>
        <translation>目录中没有 %1 的%2，请向厂商确认。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="295"/>
        <source>Switch racks</source>
        <translation>交换机机柜</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="298"/>
        <source>Node-to-leaf runs (estimated)</source>
        <translation>服务器到叶交换机的线缆（估算）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="300"/>
        <source>Leaf-to-spine runs (estimated)</source>
        <translation>叶到脊交换机的线缆（估算）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="303"/>
        <source>%1 cables up to %2 m: %3, %4 transceivers</source>
        <translation>%1 根线缆，最长 %2 m：%3，%4 个光模块</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="306"/>
        <source>Transceiver types</source>
        <translation>光模块类型</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="306"/>
        <source>twin-port OSFP (2 × 400 Gb/s) in the switches, one for two links; single-port OSFP 400 Gb/s at each node NIC</source>
        <translation>交换机侧为双端口 OSFP（2 × 400 Gb/s），一个模块接两条链路；节点网卡侧为单端口 OSFP 400 Gb/s</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="309"/>
        <source>twin-port OSFP (2 × 400 Gb/s), one for two links, in the switches and in the nodes&apos; OSFP cages (each serves two single-port NICs)</source>
        <translation>交换机和节点的 OSFP 笼位均用双端口 OSFP（2 × 400 Gb/s），一个光模块服务两条链路（节点每个笼位接两块单端口网卡）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="312"/>
        <source>Out-of-band management</source>
        <translation>带外管理</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="312"/>
        <source>%1 BMC ports (1 GbE) on %2 management switches</source>
        <translation>%1 个 BMC 端口（1 GbE），接 %2 台管理交换机</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="315"/>
        <source>Cable assumption</source>
        <translation>线缆假设</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="315"/>
        <source>racks in one row, 2 m at each end for the vertical run and a service loop; passive copper to 3 m, multimode to 50 m, then single-mode</source>
        <translation>机柜排成一列，两端各留 2 m 用于垂直走线和维护余量；3 m 以内用无源铜缆，50 m 以内用多模，再远用单模</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="325"/>
        <source>%1 × %2 from %3</source>
        <translation>%1 × %2，租自 %3</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="342"/>
        <source>unknown (the server&apos;s weight is not in the catalog): cannot be checked against the rack&apos;s %1 kg</source>
        <translation>不详（目录中没有该服务器的重量）：无法核对机柜的 %1 kg 承重</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="345"/>
        <source>(the rack holds %1 kg)</source>
        <translation>（机柜承重 %1 kg）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="355"/>
        <source>nodes only: the empty rack, PDUs and cables are not included (give the rack&apos;s weight)</source>
        <translation>仅计服务器：未含空机柜、PDU 与线缆（请填写机柜重量）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="357"/>
        <source>floor rated %1 kg/m²</source>
        <translation>地面额定荷载 %1 kg/m²</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="378"/>
        <location filename="../../gpuplanner/ui/details.py" line="238"/>
        <source>Provider</source>
        <translation>云厂商</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="379"/>
        <location filename="../../gpuplanner/ui/details.py" line="239"/>
        <source>Instances</source>
        <translation>实例</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="379"/>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="381"/>
        <location filename="../../gpuplanner/ui/details.py" line="240"/>
        <source>Region</source>
        <translation>地域</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="383"/>
        <source>On demand per GPU-hour</source>
        <translation>按量付费每 GPU 小时</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="384"/>
        <source>On demand per hour, all GPUs</source>
        <translation>按量付费每小时（全部 GPU）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="385"/>
        <source>On demand per month (730 h)</source>
        <translation>按量付费每月（730 小时）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="386"/>
        <source>Reserved / spot per GPU-hour</source>
        <translation>预留 / 竞价每 GPU 小时</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="389"/>
        <source>This job on demand</source>
        <translation>本任务按量付费</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="390"/>
        <source>This job on spot (with restarts to plan for)</source>
        <translation>本任务用竞价实例（需考虑中断重启）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="392"/>
        <source>Per million output tokens</source>
        <translation>每百万输出 token</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="393"/>
        <source>Price source: %1</source>
        <translation>价格来源：%1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="394"/>
        <source>Rental (%1)</source>
        <translation>租用（%1）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="395"/>
        <source>Facilities</source>
        <translation>机房设施</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="395"/>
        <source>Rented in the provider&apos;s data centre: no racks, power, cooling or network are needed on your site.</source>
        <translation>租用云厂商数据中心的资源：您的机房不需要机柜、供电、散热或网络。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="431"/>
        <source>Switch</source>
        <translation>交换机</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="432"/>
        <source>Free (patch panels)</source>
        <translation>空闲（配线架）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="433"/>
        <source>Network rack (front), one of %1</source>
        <translation>网络机柜（正面），共 %1 个</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="452"/>
        <source>Power and room specification for one deskside workstation</source>
        <translation>单台桌边工作站的供电与房间规格</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="454"/>
        <source>Rental plan: what to rent, where, and what it costs</source>
        <translation>租用方案：租什么、在哪里租、花费多少</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="460"/>
        <source>(%1 GPUs bought, %2 idle during this job)</source>
        <translation>（共购 %1 块 GPU，本任务中 %2 块闲置）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="465"/>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="466"/>
        <source>Software stack</source>
        <translation>软件栈</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="466"/>
        <source>%1 (searched: %2)</source>
        <translation>%1（搜索：%2）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="482"/>
        <location filename="../../gpuplanner/ui/details.py" line="340"/>
        <source>Step time</source>
        <translation>单步时间</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="483"/>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="500"/>
        <location filename="../../gpuplanner/ui/details.py" line="98"/>
        <location filename="../../gpuplanner/ui/details.py" line="127"/>
        <location filename="../../gpuplanner/ui/details.py" line="179"/>
        <source>Uncertainty</source>
        <translation>不确定度</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="485"/>
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="485"/>
        <source>images/s</source>
        <translation>张图像/秒</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="486"/>
        <source>tokens/s</source>
        <translation>token/秒</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="487"/>
        <location filename="../../gpuplanner/ui/details.py" line="103"/>
        <source>MFU</source>
        <translation>MFU（模型算力利用率）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="488"/>
        <location filename="../../gpuplanner/ui/details.py" line="103"/>
        <location filename="../../gpuplanner/ui/details.py" line="375"/>
        <source>Training time</source>
        <translation>训练时长</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="504"/>
        <location filename="../../gpuplanner/ui/details.py" line="86"/>
        <source>Calibration</source>
        <translation>校准</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="513"/>
        <source>%1 plans evaluated, %2 drawn (the other %3 have no price)</source>
        <translation>共评估 %1 个方案，图中画出 %2 个（其余 %3 个没有价格）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="554"/>
        <location filename="../../gpuplanner/ui/plans_export.py" line="26"/>
        <source>days</source>
        <translation>天</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="572"/>
        <source>GPU Planner spec sheet</source>
        <translation>GPU Planner 规格书</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="489"/>
        <source>Goodput</source>
        <translation>有效训练时间占比</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="94"/>
        <source>%1 of %2 on %3 tokens</source>
        <translation>%2 %1，%3 token</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="206"/>
        <source>IT power at nameplate</source>
        <translation>IT 功率（按铭牌）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="494"/>
        <location filename="../../gpuplanner/ui/details.py" line="104"/>
        <source>GPU-hours</source>
        <translation>GPU 小时</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="497"/>
        <source>Time to first token</source>
        <translation>首 token 时延</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="498"/>
        <source>Time per output token</source>
        <translation>每个输出 token 的时间</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="499"/>
        <location filename="../../gpuplanner/ui/details.py" line="379"/>
        <source>Output tokens/s</source>
        <translation>每秒输出 token 数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="505"/>
        <source>Performance estimate</source>
        <translation>性能估算</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="509"/>
        <source>1 plan evaluated</source>
        <translation>共评估 1 个方案</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="510"/>
        <source>%1 plans evaluated</source>
        <translation>共评估 %1 个方案</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="515"/>
        <source>filled: keeps every limit and goal, cross: a near miss; dashed: the deadline and the budget.</source>
        <translation>实心点：满足全部限制和目标，叉号：接近的方案；虚线：截止期限和预算。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="516"/>
        <source>Plans this one was chosen against</source>
        <translation>本方案与哪些方案比较后胜出</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="518"/>
        <source>%1; %2</source>
        <translation>%1；%2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="523"/>
        <source>Check before ordering</source>
        <translation>下单前需确认</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="553"/>
        <source>Cost per million output tokens vs speed per user</source>
        <translation>每百万输出 token 成本与每用户速度</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="553"/>
        <source>Cost vs time to result</source>
        <translation>成本与完成时间</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="554"/>
        <source>output tokens/s per user</source>
        <translation>每用户每秒输出 token 数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="555"/>
        <source>%1 per million tokens</source>
        <translation>%1 / 百万 token</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="556"/>
        <source>cost (%1)</source>
        <translation>成本（%1）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="557"/>
        <source>bought</source>
        <translation>购买</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="557"/>
        <source>rented</source>
        <translation>租用</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="557"/>
        <location filename="../../gpuplanner/ui/plans_export.py" line="65"/>
        <source>near miss</source>
        <translation>接近的方案</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="557"/>
        <source>this plan</source>
        <translation>本方案</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="173"/>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="526"/>
        <location filename="../../gpuplanner/ui/details.py" line="67"/>
        <location filename="../../gpuplanner/ui/details.py" line="392"/>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/pages.py" line="117"/>
        <source>Page %1 of %2</source>
        <translation>第 %1 页，共 %2 页</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="88"/>
        <source>Optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="90"/>
        <source>Overhead (CUDA, NCCL, fragmentation)</source>
        <translation>额外开销（CUDA、NCCL、显存碎片）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="91"/>
        <source>Capacity</source>
        <translation>容量</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/rl_sheet.py" line="17"/>
        <location filename="../../gpuplanner/ui/details.py" line="154"/>
        <source>%1, %2, rollouts by %3</source>
        <translation>%1，%2，由 %3 生成采样</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/rl_sheet.py" line="18"/>
        <location filename="../../gpuplanner/ui/details.py" line="155"/>
        <source>%1, offline (no rollout)</source>
        <translation>%1，离线（无采样生成）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/rl_sheet.py" line="21"/>
        <source>Algorithm and placement</source>
        <translation>算法与部署方式</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/rl_sheet.py" line="23"/>
        <location filename="../../gpuplanner/ui/details.py" line="100"/>
        <location filename="../../gpuplanner/ui/details.py" line="158"/>
        <source>Step time (s)</source>
        <translation>单步时间（秒）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/rl_sheet.py" line="24"/>
        <location filename="../../gpuplanner/ui/details.py" line="160"/>
        <source>Generation share of the step</source>
        <translation>生成占单步比例</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/rl_sheet.py" line="25"/>
        <location filename="../../gpuplanner/ui/details.py" line="161"/>
        <source>Generated tokens/s</source>
        <translation>每秒生成 token</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/rl_sheet.py" line="27"/>
        <location filename="../../gpuplanner/ui/details.py" line="166"/>
        <source>Rollout GPUs / training GPUs</source>
        <translation>生成 GPU / 训练 GPU</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/rl_sheet.py" line="28"/>
        <location filename="../../gpuplanner/ui/details.py" line="167"/>
        <source>Rollout replicas x TP</source>
        <translation>生成副本数 × TP</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/rl_sheet.py" line="30"/>
        <location filename="../../gpuplanner/ui/details.py" line="173"/>
        <source>Memory, %1 (GiB)</source>
        <translation>显存，%1（GiB）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/rl_sheet.py" line="31"/>
        <location filename="../../gpuplanner/ui/details.py" line="174"/>
        <source>peak</source>
        <translation>峰值</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/rl_sheet.py" line="33"/>
        <location filename="../../gpuplanner/ui/details.py" line="164"/>
        <source>Steps in the run</source>
        <translation>全程步数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/rl_sheet.py" line="34"/>
        <source>RL step</source>
        <translation>RL 单步</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/rl_sheet.py" line="34"/>
        <source>Part</source>
        <translation>组成部分</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="101"/>
        <source>Images/s</source>
        <translation>每秒图像数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="102"/>
        <source>Tokens/s per GPU</source>
        <translation>单卡每秒 token 数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="106"/>
        <source>Images trained</source>
        <translation>训练图像数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="106"/>
        <source>%1 (%2 epochs of %3)</source>
        <translation>%1（%3 × %2 轮）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="130"/>
        <source>Concurrent users</source>
        <translation>并发用户数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="131"/>
        <source>Users per replica (batch)</source>
        <translation>每个副本的用户数（批大小）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="132"/>
        <location filename="../../gpuplanner/ui/details.py" line="377"/>
        <source>Time to first token (ms)</source>
        <translation>首 token 时延（毫秒）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="133"/>
        <location filename="../../gpuplanner/ui/details.py" line="378"/>
        <source>Time per output token (ms)</source>
        <translation>每个输出 token 的时间（毫秒）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="134"/>
        <source>Output tokens/s per user</source>
        <translation>每用户输出 token/秒</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="135"/>
        <source>Output tokens/s in total</source>
        <translation>总输出 token/秒</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="136"/>
        <source>Largest batch per replica</source>
        <translation>每副本最大批大小</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="137"/>
        <source>KV-cache admission</source>
        <translation>KV 缓存准入</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="138"/>
        <source>Replicas x GPUs</source>
        <translation>副本数 × GPU 数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="141"/>
        <source>Availability</source>
        <translation>可获得性</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="141"/>
        <source>undated</source>
        <translation>未注明日期</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="162"/>
        <source>Trained tokens/s</source>
        <translation>每秒训练 token</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="163"/>
        <source>Sequences per step</source>
        <translation>每步序列数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="168"/>
        <source>Sequences at once per replica</source>
        <translation>每个副本同时处理的序列数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="170"/>
        <source>Rollout GPUs idle</source>
        <translation>生成 GPU 空闲</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="171"/>
        <source>Training GPUs idle</source>
        <translation>训练 GPU 空闲</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="177"/>
        <source>Training states</source>
        <translation>训练状态</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="177"/>
        <source>offloaded while the engine generates</source>
        <translation>推理引擎生成期间卸载到主机内存</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="192"/>
        <source>Profile</source>
        <translation>配置</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="192"/>
        <source>Fixed by the profile</source>
        <translation>由配置固定</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="193"/>
        <source>Set in your scenario</source>
        <translation>在你的场景中设定</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="193"/>
        <source>Searched</source>
        <translation>搜索得出</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="201"/>
        <source>Dataset (TB)</source>
        <translation>数据集（TB）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="202"/>
        <source>Shared store: capacity (TB)</source>
        <translation>共享存储：容量（TB）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="203"/>
        <source>Shared store: checkpoint write needed (GB/s)</source>
        <translation>共享存储：检查点所需写入速率（GB/s）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="204"/>
        <source>Data read (GB/s)</source>
        <translation>数据读取（GB/s）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="205"/>
        <source>Local NVMe per node (TB)</source>
        <translation>每节点本地 NVMe（TB）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="207"/>
        <source>System memory per node (GB)</source>
        <translation>每节点系统内存（GB）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="227"/>
        <source>Goodput (time left after interruptions and checkpoints)</source>
        <translation>有效训练时间占比（扣除中断与检查点）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="229"/>
        <source>Interruptions expected</source>
        <translation>预计中断次数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="230"/>
        <source>Checkpoint every (min), writing for (s)</source>
        <translation>检查点间隔（分钟）/ 写入耗时（秒）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="237"/>
        <source>Rental</source>
        <translation>租用</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="241"/>
        <source>Prices of</source>
        <translation>价格日期</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="242"/>
        <source>none needed (racks, power and cooling are the provider&apos;s)</source>
        <translation>无需（机柜、电力和散热由服务商负责）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="252"/>
        <source>Nameplate per node (kW)</source>
        <translation>每节点额定功耗（kW）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="253"/>
        <source>Expected per node (kW)</source>
        <translation>每节点预计功耗（kW）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="262"/>
        <source>kW per rack</source>
        <translation>单机柜 kW</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="263"/>
        <source>Circuits per A/B feed</source>
        <translation>每路（A/B）回路数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="264"/>
        <source>Facility power (kW)</source>
        <translation>机房总功率（kW）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="265"/>
        <source>Heat per rack (BTU/h)</source>
        <translation>单机柜发热量（BTU/h）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="266"/>
        <source>Switches (leaf + spine)</source>
        <translation>交换机（叶 + 脊）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="274"/>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="303"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="305"/>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="305"/>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="314"/>
        <source>Gradient bytes per parameter</source>
        <translation>每个参数的梯度字节数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="314"/>
        <source>FP32 master weights</source>
        <translation>FP32 主权重</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="315"/>
        <source>FlashAttention (scores never stored)</source>
        <translation>FlashAttention（不保存注意力分数）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="315"/>
        <source>Dropout (masks stored)</source>
        <translation>Dropout（存储掩码）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="316"/>
        <source>Serving in static batches (prompts first)</source>
        <translation>推理按静态批次运行（先处理提示词）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="318"/>
        <source>CUDA context per GPU (GiB)</source>
        <translation>每卡 CUDA 上下文（GiB）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="318"/>
        <source>NCCL buffers per GPU (GiB)</source>
        <translation>每卡 NCCL 缓冲区（GiB）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="319"/>
        <source>Allocator fragmentation (share)</source>
        <translation>显存分配碎片（比例）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="319"/>
        <source>NVLink efficiency</source>
        <translation>NVLink 效率</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="320"/>
        <source>Network efficiency</source>
        <translation>网络效率</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="321"/>
        <source>Gradient traffic hidden behind compute (share)</source>
        <translation>被计算掩盖的梯度通信（比例）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="322"/>
        <source>Tensor-parallel traffic hidden behind GEMMs (share)</source>
        <translation>张量并行通信被矩阵乘法掩盖的比例</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="323"/>
        <source>Expert all-to-all hidden behind compute (share)</source>
        <translation>专家 all-to-all 被计算掩盖的比例</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="324"/>
        <source>MoE tokens cross the network once per node (DeepEP)</source>
        <translation>MoE 令牌每个节点只经网络发送一次（DeepEP）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="325"/>
        <source>Context parallelism by all-to-all over heads (DeepSpeed-Ulysses)</source>
        <translation>按注意力头 all-to-all 的上下文并行（DeepSpeed-Ulysses）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="326"/>
        <source>Ulysses all-to-alls move K and V repeated to every query head</source>
        <translation>Ulysses 全对全通信把 K 和 V 复制到每个查询头后再传输</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="327"/>
        <source>MoE experts run one by one (Hugging Face Transformers before v5)</source>
        <translation>MoE 专家逐个执行（Hugging Face Transformers v5 之前）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="328"/>
        <source>ZeRO-2/3 reduce the gradients after every micro-batch (DeepSpeed)</source>
        <translation>ZeRO-2/3 在每个微批次后归约梯度（DeepSpeed）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="329"/>
        <source>MoE load on the busiest GPU (x the mean)</source>
        <translation>最忙 GPU 的 MoE 负载（均值的倍数）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="331"/>
        <source>ZeRO-3 gathers left exposed (share)</source>
        <translation>未被掩盖的 ZeRO-3 权重收集（比例）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="332"/>
        <source>FP8 training also stores the MLP activation inputs in FP8</source>
        <translation>FP8 训练时 MLP 激活函数的输入也以 FP8 存储</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="333"/>
        <source>FP8 training also runs attention in FP8</source>
        <translation>FP8 训练中注意力核心也以 FP8 计算</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="334"/>
        <source>Fused norm, rotary and activation kernels (off: eager PyTorch)</source>
        <translation>归一化、旋转位置编码和激活函数使用融合算子（关闭：PyTorch 逐算子即时执行）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="335"/>
        <source>Loss over the vocabulary in fp32 (Megatron-LM)</source>
        <translation>词表上的损失以 fp32 计算（Megatron-LM）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="336"/>
        <source>Bytes kept per logit at the loss (token x vocabulary entry)</source>
        <translation>损失处每个 logit 保留的字节数（token × 词表项）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="337"/>
        <source>Data-parallel traffic uses every NIC of a node (rail-optimized fabric)</source>
        <translation>数据并行流量使用节点内全部网卡（轨道优化网络）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="338"/>
        <source>Weight storage</source>
        <translation>权重存储</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="339"/>
        <source>Compute efficiency scale</source>
        <translation>计算效率系数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="339"/>
        <source>FLOPs counted as</source>
        <translation>FLOPs 计算方式</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="341"/>
        <source>Activation memory</source>
        <translation>激活显存</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="341"/>
        <source>Adapters</source>
        <translation>适配器</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="342"/>
        <source>Power</source>
        <translation>功耗</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="344"/>
        <source>Job interruptions per million GPU-hours</source>
        <translation>每百万 GPU 小时的作业中断次数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="345"/>
        <source>Checkpoint write bandwidth per GPU (GB/s)</source>
        <translation>每 GPU 检查点写入带宽（GB/s）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="346"/>
        <source>Minutes to restart after an interruption</source>
        <translation>中断后重启所需分钟数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="354"/>
        <source>Per million output tokens, rented</source>
        <translation>每百万输出 token 成本（租用）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="355"/>
        <source>Per million output tokens, owned</source>
        <translation>每百万输出 token 成本（自有）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="357"/>
        <source>This job, rented on demand</source>
        <translation>本次任务（云上按量租用）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="401"/>
        <source>Why each GPU has no plan</source>
        <translation>各 GPU 没有方案的原因</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="412"/>
        <source>No plan keeps every limit you set</source>
        <translation>没有方案能满足您设定的全部限制</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="412"/>
        <source>Near misses (not answers)</source>
        <translation>接近的方案（不是答案）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="428"/>
        <source>Rent instead</source>
        <translation>改为租用</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="428"/>
        <source>Plan on this GPU</source>
        <translation>用这款 GPU 规划</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="428"/>
        <source>Import a vendor quote…</source>
        <translation>导入厂商报价…</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="431"/>
        <source>What would work instead</source>
        <translation>可行的替代做法</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="278"/>
        <source>Capex if bought instead</source>
        <translation>若改为购买的资本支出</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="63"/>
        <source>precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="226"/>
        <source>Steps alone</source>
        <translation>纯训练步骤</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="284"/>
        <location filename="../../gpuplanner/ui/details.py" line="386"/>
        <source>TCO</source>
        <translation>总拥有成本</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="286"/>
        <source>Break-even utilisation</source>
        <translation>盈亏平衡利用率</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="317"/>
        <source>Fused attention kernel generation (1-3)</source>
        <translation>融合注意力内核代数（1-3）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="320"/>
        <source>Latency per collective step (s)</source>
        <translation>集合通信每步延迟（秒）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="330"/>
        <source>MoE experts&apos; share of dense GEMM efficiency</source>
        <translation>MoE 专家相对稠密 GEMM 的效率占比</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="343"/>
        <source>GEMM time beyond the longer of math and weight reads (share of the shorter)</source>
        <translation>GEMM 在计算与权重读取中较长者之外多出的时间（较短者的比例）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="358"/>
        <source>This job, on owned hardware (its share of the TCO)</source>
        <translation>本次任务（自有硬件，按总拥有成本分摊）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="373"/>
        <source>Where</source>
        <translation>部署</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="49"/>
        <location filename="../../gpuplanner/ui/details.py" line="68"/>
        <location filename="../../gpuplanner/ui/details.py" line="373"/>
        <location filename="../../gpuplanner/ui/details.py" line="416"/>
        <location filename="../../gpuplanner/ui/plans_export.py" line="40"/>
        <source>buy</source>
        <translation>购买</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="58"/>
        <source>Assumptions</source>
        <translation>假设</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="60"/>
        <source>Layout</source>
        <translation>并行布局</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="98"/>
        <location filename="../../gpuplanner/ui/details.py" line="61"/>
        <source>Memory per GPU (GiB)</source>
        <translation>单卡显存（GiB）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="62"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="64"/>
        <source>Serving</source>
        <translation>推理服务</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="65"/>
        <location filename="../../gpuplanner/ui/details.py" line="242"/>
        <source>Site</source>
        <translation>机房</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="112"/>
        <location filename="../../gpuplanner/ui/details.py" line="66"/>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="49"/>
        <location filename="../../gpuplanner/ui/details.py" line="69"/>
        <location filename="../../gpuplanner/ui/details.py" line="373"/>
        <location filename="../../gpuplanner/ui/details.py" line="416"/>
        <location filename="../../gpuplanner/ui/plans_export.py" line="40"/>
        <source>rent</source>
        <translation>租用</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="374"/>
        <source>Memory / GPU (GiB)</source>
        <translation>单卡显存（GiB）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="381"/>
        <source>Nodes</source>
        <translation>节点数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="383"/>
        <location filename="../../gpuplanner/ui/plans_export.py" line="30"/>
        <source>IT power (kW)</source>
        <translation>IT 功率（kW）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="388"/>
        <source>Cloud cost, this run</source>
        <translation>云上费用（本次任务）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="388"/>
        <source>Cloud cost over %1 years of service</source>
        <translation>云上费用（服务 %1 年）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/details.py" line="391"/>
        <source>Ranking cost</source>
        <translation>排名成本</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="62"/>
        <source>Near misses (not answers: each breaks a limit or misses a goal you set):</source>
        <translation>接近的方案（不是答案：每个都突破了您设定的某项限制或未达成某个目标）：</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="170"/>
        <location filename="../../gpuplanner/cli/plan.py" line="66"/>
        <location filename="../../gpuplanner/ui/details.py" line="81"/>
        <location filename="../../gpuplanner/ui/details.py" line="82"/>
        <location filename="../../gpuplanner/ui/details.py" line="86"/>
        <location filename="../../gpuplanner/ui/details.py" line="98"/>
        <location filename="../../gpuplanner/ui/details.py" line="127"/>
        <location filename="../../gpuplanner/ui/details.py" line="179"/>
        <location filename="../../gpuplanner/ui/details.py" line="190"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="74"/>
        <source>set &quot;constraints&quot;: {&quot;deployment&quot;: &quot;cloud&quot;}</source>
        <translation>设置 &quot;constraints&quot;: {&quot;deployment&quot;: &quot;cloud&quot;}</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="75"/>
        <source>set &quot;hardware&quot;: {&quot;gpu&quot;: &quot;%1&quot;}</source>
        <translation>设置 &quot;hardware&quot;: {&quot;gpu&quot;: &quot;%1&quot;}</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="76"/>
        <source>gpuplanner import-quote QUOTE.csv (item,unit_price,currency,date,note)</source>
        <translation>gpuplanner import-quote 报价.csv（item,unit_price,currency,date,note）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="77"/>
        <source>What would work instead:</source>
        <translation>可行的替代做法：</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="80"/>
        <source>-&gt; %1</source>
        <translation>-&gt; %1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="88"/>
        <source>Why each GPU has no plan:</source>
        <translation>各 GPU 没有方案的原因：</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="97"/>
        <source>at the desk: a %1 V %2 A wall circuit (%3 A continuous); the workstation draws %4 A; heat %5 BTU/h into the room</source>
        <translation>桌边：%1 V %2 A 墙面插座回路（持续 %3 A）；工作站取用 %4 A；散入房间的热量 %5 BTU/h</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="115"/>
        <source>cluster: %1 kW IT expected (%2 kW at nameplate), %3 kW facility; cooling load %4 RT at nameplate, %5 RT expected; fabric %6 leaf + %7 spine (%8)</source>
        <translation>集群：IT 预计 %1 kW（铭牌 %2 kW），设施 %3 kW；冷负荷按铭牌 %4 冷吨，预计 %5 冷吨；网络 %6 台叶交换机 + %7 台脊交换机（%8）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="126"/>
        <source>purchase price: %1</source>
        <translation>采购价格：%1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="127"/>
        <source>server figures: %1</source>
        <translation>服务器参数：%1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="134"/>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="145"/>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="332"/>
        <source>%1 (estimate)</source>
        <translation>%1（估算）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="155"/>
        <source>cost (%1): on demand %2 per GPU-hour (reserved %3, spot %4); this job on demand %5</source>
        <translation>成本（%1）：按量付费每 GPU 小时 %2（预留 %3，竞价 %4）；本任务按量付费 %5</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="158"/>
        <source>cost (%1): on demand %2 per GPU-hour (reserved %3, spot %4); %5 a million output tokens; %6 over %7 years of service</source>
        <translation>成本（%1）：按量付费每 GPU 小时 %2（预留 %3，竞价 %4）；每百万输出 token %5；服务 %7 年共 %6</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="162"/>
        <source>rented: %1 x %2 from %3; region: %4; price date: %5</source>
        <translation>租用：%1 × %2，云厂商 %3；地域：%4；价格日期 %5</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="167"/>
        <source>rental price: %1</source>
        <translation>租用价格：%1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="168"/>
        <source>site: none needed (racks, power and cooling are the provider&apos;s)</source>
        <translation>机房：不需要（机柜、供电和散热由云厂商提供）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="177"/>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="230"/>
        <source>bought in %1: %2 (%3; %4)</source>
        <translation>在%1购买：%2（%3；%4）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="193"/>
        <location filename="../../gpuplanner/ui/plans_export.py" line="26"/>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="193"/>
        <source>where</source>
        <translation>部署</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="193"/>
        <location filename="../../gpuplanner/ui/plans_export.py" line="26"/>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="193"/>
        <location filename="../../gpuplanner/ui/plans_export.py" line="29"/>
        <source>nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="193"/>
        <location filename="../../gpuplanner/ui/plans_export.py" line="29"/>
        <source>racks</source>
        <translation>机柜</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="194"/>
        <source>cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="201"/>
        <source>Plans ranked (%1 evaluated, %2 meet the goals)</source>
        <translation>方案排名（已评估 %1 个，%2 个满足目标）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="206"/>
        <source>#1 in detail: %1 x %2 (%3)</source>
        <translation>第 1 名详情：%1 × %2（%3）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="208"/>
        <source>layout: %1</source>
        <translation>并行布局：%1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="209"/>
        <source>memory per GPU: %1 of %2 GiB</source>
        <translation>单卡显存：%1 / %2 GiB</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="235"/>
        <source>Not planned for lack of a figure:</source>
        <translation>因缺少参数而未规划：</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/calibrate_logs.py" line="43"/>
        <location filename="../../gpuplanner/cli/plan.py" line="311"/>
        <source>%1 could not be written (%2); a file already there is unchanged</source>
        <translation>无法写入 %1（%2）；原有文件保持不变</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="314"/>
        <source>wrote %1 (%2 pages)</source>
        <translation>已写入 %1（%2 页）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="320"/>
        <source>rank catalog hardware for a scenario, with site and cost</source>
        <translation>为场景对目录中的硬件排序，附机房与成本</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="322"/>
        <source>how many plans to show (default %(default)s)</source>
        <translation>显示多少个方案（默认 %(default)s）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="324"/>
        <source>also write the rack and power spec sheet as a PDF</source>
        <translation>同时把机柜与供电规格单写成 PDF</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="326"/>
        <source>language of the text report and the spec sheet</source>
        <translation>文本报告与规格单的语言</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="328"/>
        <source>the spec sheet&apos;s paper (default %(default)s)</source>
        <translation>规格单的纸张（默认 %(default)s）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="329"/>
        <source>project name printed on the spec sheet</source>
        <translation>印在规格单上的项目名称</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="111"/>
        <source>node: %1 — %2 kW nameplate, %3 kW expected, %4U</source>
        <translation>节点：%1 — 额定 %2 kW，预计 %3 kW，%4U</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/estimate.py" line="48"/>
        <location filename="../../gpuplanner/cli/estimate.py" line="165"/>
        <location filename="../../gpuplanner/cli/plan.py" line="38"/>
        <location filename="../../gpuplanner/i18n/catalog_words.py" line="94"/>
        <location filename="../../gpuplanner/i18n/catalog_words.py" line="99"/>
        <location filename="../../gpuplanner/i18n/catalog_words.py" line="100"/>
        <location filename="../../gpuplanner/i18n/messages.py" line="71"/>
        <location filename="../../gpuplanner/report/rl_sheet.py" line="20"/>
        <location filename="../../gpuplanner/report/spec_sheet.py" line="467"/>
        <location filename="../../gpuplanner/ui/details.py" line="80"/>
        <location filename="../../gpuplanner/ui/details.py" line="157"/>
        <location filename="../../gpuplanner/ui/details.py" line="188"/>
        <location filename="../../gpuplanner/ui/details.py" line="190"/>
        <location filename="../../gpuplanner/ui/details.py" line="417"/>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="103"/>
        <source>racks: %1 x %2 nodes, %3 kW per rack (limited by %4); cooling: %5</source>
        <translation>机柜：%1 个 × %2 个节点，单柜 %3 kW（受限于%4）；散热：%5</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="106"/>
        <source>(beyond the site&apos;s cooling)</source>
        <translation>（超出机房散热能力）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="107"/>
        <source>circuits: %1 per A/B feed of %2 kW; heat %3 BTU/h per rack</source>
        <translation>回路：A/B 每路 %1 个 %2 kW 回路；单柜发热 %3 BTU/h</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="121"/>
        <source>cost (%1): capex %2, opex/yr %3, TCO %4 yr %5; cloud on demand %6 per GPU-hour; break-even utilisation %7</source>
        <translation>成本（%1）：资本支出 %2，年运营支出 %3，%4 年总拥有成本 %5；云上按量付费每 GPU 小时 %6；盈亏平衡利用率 %7</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="194"/>
        <source>time or tok/s</source>
        <translation>时长或每秒 token 数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="207"/>
        <source>why: %1</source>
        <translation>理由：%1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="211"/>
        <source>precision: %1</source>
        <translation>精度：%1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="220"/>
        <source>warnings:</source>
        <translation>警告：</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="229"/>
        <source>Cost vs time (Pareto front):</source>
        <translation>成本与时间（帕累托前沿）：</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/main.py" line="61"/>
        <source>usage: </source>
        <translation>用法：</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/main.py" line="70"/>
        <source>positional arguments</source>
        <translation>位置参数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/main.py" line="71"/>
        <source>options</source>
        <translation>选项</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/main.py" line="72"/>
        <source>show this help message and exit</source>
        <translation>显示此帮助并退出</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/main.py" line="104"/>
        <source>No display found: running the headless demo (use `gpuplanner gui` on a desktop).</source>
        <translation>未检测到显示器：运行无界面演示（在桌面上请用 `gpuplanner gui`）。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/main.py" line="112"/>
        <source>Plan GPU servers for AI training and inference.</source>
        <translation>为 AI 训练与推理规划 GPU 服务器。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/main.py" line="114"/>
        <source>show the version and exit</source>
        <translation>显示版本并退出</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/main.py" line="116"/>
        <source>open the window (offscreen without a display), wait for the first result, print the times, exit 0</source>
        <translation>打开窗口（无显示器时离屏），等待第一个结果，打印耗时，以 0 退出</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/main.py" line="120"/>
        <source>interface language (default: the system&apos;s); also the language of a command&apos;s report</source>
        <translation>界面语言（默认：系统语言）；也是命令报告的语言</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/main.py" line="130"/>
        <source>list catalog entries with their ids</source>
        <translation>列出目录条目及其 id</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/main.py" line="131"/>
        <source>which table to list</source>
        <translation>要列出的表</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/main.py" line="137"/>
        <source>replace catalog prices with a vendor&apos;s quote (CSV: item, unit_price, currency, date, note)</source>
        <translation>用供应商报价替换目录价格（CSV：item, unit_price, currency, date, note）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/main.py" line="139"/>
        <source>the vendor&apos;s quote as CSV</source>
        <translation>CSV 格式的供应商报价</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/main.py" line="141"/>
        <source>exchange rate for CNY lines (default %(default)s)</source>
        <translation>人民币报价行的汇率（默认 %(default)s）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/main.py" line="170"/>
        <source>open the desktop application</source>
        <translation>打开桌面应用</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/main.py" line="172"/>
        <source>interface language (default: the system&apos;s)</source>
        <translation>界面语言（默认：系统语言）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/main.py" line="177"/>
        <source>print the recommended plan for a built-in example scenario</source>
        <translation>打印内置示例场景的推荐方案</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/main.py" line="228"/>
        <source>the output could not be written: %1</source>
        <translation>无法写出输出：%1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/demo.py" line="22"/>
        <source>Example: pretrain Llama-2-7B on 200B tokens within 14 days; buy or rent, 20 kW racks, $0.10/kWh.</source>
        <translation>示例：14 天内用 2000 亿 token 预训练 Llama-2-7B；购买或租用，20 kW 机柜，电价 $0.10/kWh。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/demo.py" line="25"/>
        <source>Run `gpuplanner plan SCENARIO.json` with your own scenario (see README), or open the app on a desktop.</source>
        <translation>用你自己的场景运行 `gpuplanner plan SCENARIO.json`（见 README），或在桌面上打开应用。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/usage_errors.py" line="17"/>
        <source>argument %1: %2</source>
        <translation>参数 %1：%2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/usage_errors.py" line="19"/>
        <source>invalid choice: %1 (choose from %2)</source>
        <translation>无效的取值：%1（可选：%2）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/usage_errors.py" line="20"/>
        <source>not a whole number: %1</source>
        <translation>不是整数：%1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/usage_errors.py" line="21"/>
        <source>not a number: %1</source>
        <translation>不是数字：%1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/usage_errors.py" line="22"/>
        <source>invalid %1 value: %2</source>
        <translation>无效的 %1 值：%2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/usage_errors.py" line="24"/>
        <source>the following arguments are required: %1</source>
        <translation>缺少必需的参数：%1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/usage_errors.py" line="25"/>
        <source>unrecognized arguments: %1</source>
        <translation>无法识别的参数：%1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/usage_errors.py" line="26"/>
        <source>expected one value</source>
        <translation>需要一个值</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/usage_errors.py" line="27"/>
        <source>expected at most one value</source>
        <translation>最多需要一个值</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/usage_errors.py" line="28"/>
        <source>expected at least one value</source>
        <translation>至少需要一个值</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/usage_errors.py" line="29"/>
        <source>expected %1 values</source>
        <translation>需要 %1 个值</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/usage_errors.py" line="30"/>
        <source>ignored explicit argument %1</source>
        <translation>忽略了显式给出的值 %1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/usage_errors.py" line="31"/>
        <source>not allowed with argument %1</source>
        <translation>不能与参数 %1 同时使用</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/usage_errors.py" line="33"/>
        <source>one of the arguments %1 is required</source>
        <translation>参数 %1 中必须给出一个</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/usage_errors.py" line="35"/>
        <source>ambiguous option: %1 could match %2</source>
        <translation>有歧义的选项：%1 可能是 %2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/catalog.py" line="102"/>
        <source>imported %1 quoted price(s) into your catalog edits; plans now use them and say so</source>
        <translation>已把 %1 条报价导入你的目录修改；方案现在使用这些价格并会注明</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/output.py" line="56"/>
        <source>json: the headless contract&apos;s fields (README: Headless use); text: a report (default)</source>
        <translation>json：无界面接口约定的字段（见 README：Headless use）；text：文字报告（默认）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/plans_export.py" line="26"/>
        <source>status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/plans_export.py" line="26"/>
        <source>rank</source>
        <translation>排名</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/plans_export.py" line="26"/>
        <source>GPU id</source>
        <translation>GPU 编号</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/plans_export.py" line="26"/>
        <source>deployment</source>
        <translation>部署方式</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/plans_export.py" line="27"/>
        <source>output tokens/s</source>
        <translation>每秒输出 token 数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/plans_export.py" line="27"/>
        <source>ranking cost (%1)</source>
        <translation>排序成本（%1）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/plans_export.py" line="28"/>
        <source>capex (%1)</source>
        <translation>资本支出（%1）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/plans_export.py" line="28"/>
        <source>TCO (%1)</source>
        <translation>总拥有成本（%1）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/plans_export.py" line="29"/>
        <source>cloud cost (%1)</source>
        <translation>云上费用（%1）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/plans_export.py" line="29"/>
        <source>memory per GPU (GiB)</source>
        <translation>单卡显存占用（GiB）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/plans_export.py" line="30"/>
        <source>memory capacity (GiB)</source>
        <translation>单卡显存容量（GiB）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/plans_export.py" line="30"/>
        <source>warnings</source>
        <translation>警告数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/plans_export.py" line="62"/>
        <source>ranked</source>
        <translation>已排名</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/plans_export.py" line="70"/>
        <source>meets the goals</source>
        <translation>满足目标</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/plans_export.py" line="70"/>
        <source>misses a limit or goal</source>
        <translation>未满足某项限制或目标</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/write_errors.py" line="15"/>
        <source>what reached the disk is not the whole file</source>
        <translation>写入磁盘的内容不完整</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/write_errors.py" line="17"/>
        <source>the disk is full</source>
        <translation>磁盘已满</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/write_errors.py" line="18"/>
        <source>the disk quota is used up</source>
        <translation>磁盘配额已用完</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/write_errors.py" line="19"/>
        <source>the disk is read-only</source>
        <translation>磁盘为只读</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/write_errors.py" line="20"/>
        <location filename="../../gpuplanner/i18n/write_errors.py" line="21"/>
        <source>permission denied</source>
        <translation>没有权限</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/write_errors.py" line="22"/>
        <source>the device reported an input/output error</source>
        <translation>设备报告输入/输出错误</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/write_errors.py" line="23"/>
        <source>the folder does not exist</source>
        <translation>文件夹不存在</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/storage_sheet.py" line="22"/>
        <source>%1 (the server has %2 TB)</source>
        <translation>%1（服务器自带 %2 TB）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/storage_sheet.py" line="25"/>
        <source>%1 (the server has %2)</source>
        <translation>%1（服务器自带 %2）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/storage_sheet.py" line="28"/>
        <source>%1 (the server has %2 GB)</source>
        <translation>%1（服务器自带 %2 GB）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/storage_sheet.py" line="30"/>
        <source>none described</source>
        <translation>未填写</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/storage_sheet.py" line="33"/>
        <source>NVMe per node</source>
        <translation>每节点 NVMe</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/storage_sheet.py" line="34"/>
        <source>NVMe write rate (the server&apos;s datasheet)</source>
        <translation>NVMe 写入速率（服务器数据手册）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/storage_sheet.py" line="36"/>
        <source>Shared store: capacity</source>
        <translation>共享存储：容量</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/storage_sheet.py" line="37"/>
        <source>Shared store: checkpoint write</source>
        <translation>共享存储：检查点写入</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/storage_sheet.py" line="38"/>
        <source>Data read, the whole job</source>
        <translation>数据读取（整个作业）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/storage_sheet.py" line="39"/>
        <source>Shared store you described</source>
        <translation>您填写的共享存储</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/storage_sheet.py" line="40"/>
        <location filename="../../gpuplanner/ui/details.py" line="206"/>
        <source>CPU cores per node</source>
        <translation>每节点 CPU 核数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/storage_sheet.py" line="41"/>
        <source>System memory per node</source>
        <translation>每节点系统内存</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/storage_sheet.py" line="42"/>
        <source>Order</source>
        <translation>采购项</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/rl_sheet.py" line="34"/>
        <location filename="../../gpuplanner/report/storage_sheet.py" line="42"/>
        <source>Figure</source>
        <translation>数值</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/catalog_words.py" line="48"/>
        <source>%1 × %2 W</source>
        <translation>%1 × %2 W</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/catalog_words.py" line="50"/>
        <source>%1 W supplies, count not given</source>
        <translation>%1 W 电源，数量不详</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/catalog_words.py" line="52"/>
        <source>%1 supplies, rating not given</source>
        <translation>%1 个电源，额定功率不详</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/catalog_words.py" line="58"/>
        <source>no redundant supply</source>
        <translation>无冗余电源</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/catalog_words.py" line="61"/>
        <source>%1 redundant</source>
        <translation>%1 冗余</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/catalog_words.py" line="61"/>
        <source> or </source>
        <translation> 或 </translation>
    </message>
    <message>
        <location filename="../../gpuplanner/cli/plan.py" line="178"/>
        <location filename="../../gpuplanner/i18n/catalog_words.py" line="67"/>
        <source>the source&apos;s words: “%1”</source>
        <translation>来源原文：“%1”</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/catalog_words.py" line="77"/>
        <source>listed at %1 CNY, converted at %2 CNY per USD</source>
        <translation>原价 %1 元人民币，按 1 美元兑 %2 元人民币换算</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/catalog_words.py" line="92"/>
        <source>your quote of %1</source>
        <translation>你的报价（%1）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/catalog_words.py" line="92"/>
        <location filename="../../gpuplanner/i18n/catalog_words.py" line="95"/>
        <source>: </source>
        <translation>：</translation>
    </message>
</context>
<context>
    <name>AboutDialog</name>
    <message>
        <location filename="../../gpuplanner/ui/about.py" line="28"/>
        <source>About GPU Planner</source>
        <translation>关于 GPU Planner</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/about.py" line="33"/>
        <source>GPU Planner %1 — MIT licence
Qt %2, Qt for Python %3, Python %4
Hardware catalog as of %5
Estimates are checked against published measured runs; prices are approximate, each with its source&apos;s date or marked undated.</source>
        <translation>GPU Planner %1 — MIT 许可证
Qt %2，Qt for Python %3，Python %4
硬件目录数据截至 %5
估算结果已与公开的实测数据核对；价格为近似值，注明来源给出的日期，来源未给出日期的标为未注明日期。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/about.py" line="37"/>
        <location filename="../../gpuplanner/ui/about.py" line="65"/>
        <source>n/a</source>
        <translation>不详</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/about.py" line="39"/>
        <source>Component</source>
        <translation>组件</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/about.py" line="39"/>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/about.py" line="39"/>
        <source>Licence</source>
        <translation>许可证</translation>
    </message>
</context>
<context>
    <name>App</name>
    <message>
        <location filename="../../gpuplanner/ui/app.py" line="55"/>
        <location filename="../../gpuplanner/ui/worker.py" line="146"/>
        <source>The details are in %1; attach that file to a report.</source>
        <translation>详细信息已写入 %1；报告问题时请附上该文件。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/app.py" line="57"/>
        <location filename="../../gpuplanner/ui/worker.py" line="148"/>
        <source>The details could not be written to a log file.</source>
        <translation>详细信息未能写入日志文件。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/app.py" line="58"/>
        <source>Unexpected error</source>
        <translation>意外错误</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/app.py" line="59"/>
        <source>GPU Planner hit an internal error and kept running; your inputs are autosaved.

%1</source>
        <translation>GPU Planner 遇到内部错误但仍在运行；您的输入已自动保存。

%1</translation>
    </message>
</context>
<context>
    <name>AppSettings</name>
    <message>
        <location filename="../../gpuplanner/ui/settings.py" line="34"/>
        <source>The settings file %1 could not be read; defaults are used (the file was kept as %2).</source>
        <translation>无法读取设置文件 %1；已使用默认设置（原文件保留为 %2）。</translation>
    </message>
</context>
<context>
    <name>AssumptionsPage</name>
    <message>
        <location filename="../../gpuplanner/ui/wizard/assumptions_page.py" line="35"/>
        <source>Assumptions</source>
        <translation>假设</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/assumptions_page.py" line="36"/>
        <source>What every estimate assumes. Change one to see what it does; values left at their defaults are not written to your file.</source>
        <translation>每个估算所依据的假设。改动一项即可看到它的影响；保持默认值的项不会写入你的文件。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/assumptions_page.py" line="71"/>
        <source>Drop them</source>
        <translation>不再保留</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/assumptions_page.py" line="83"/>
        <source>Also from your file, used and saved as they are (no page shows them): %1</source>
        <translation>另有文件中的设置按原样使用和保存（没有页面显示它们）：%1</translation>
    </message>
</context>
<context>
    <name>Bands</name>
    <message>
        <location filename="../../gpuplanner/i18n/bands.py" line="13"/>
        <source>±%1% (meant to hold %2% of a new source&apos;s runs, judged on independent published sources of its kind)</source>
        <translation>±%1%（按同类独立公开来源评估：预计可覆盖一个新来源 %2% 的运行）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/bands.py" line="15"/>
        <source>±%1% (too few independent sources of its kind to show %2% coverage; at least the worst error among them)</source>
        <translation>±%1%（同类独立来源太少，无法给出 %2% 覆盖率；不小于其中的最大误差）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/bands.py" line="17"/>
        <source>±%1% (widened beyond the runs judged; %2% coverage not shown)</source>
        <translation>±%1%（超出已检验的公开实测范围而放宽；未证明 %2% 覆盖率）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/bands.py" line="18"/>
        <source>±%1% (no comparable published run; %2% coverage not shown)</source>
        <translation>±%1%（无可比的公开实测；未证明 %2% 覆盖率）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/bands.py" line="19"/>
        <source>±%1% (from your own runs, each left out of the fit: %2% coverage)</source>
        <translation>±%1%（来自您自己的运行，逐一留出拟合：覆盖率 %2%）</translation>
    </message>
</context>
<context>
    <name>BudgetPage</name>
    <message>
        <location filename="../../gpuplanner/ui/wizard/budget_page.py" line="28"/>
        <source>Budget and goals</source>
        <translation>预算与目标</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/budget_page.py" line="29"/>
        <source>Zero means no limit. Prices in the catalog are approximate and dated; edit them in the catalog tab.</source>
        <translation>0 表示不限。目录中的价格为近似值并注明日期；可在“硬件目录”页编辑。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/budget_page.py" line="34"/>
        <source>Most you will spend (0 = no limit)</source>
        <translation>最高支出（0 = 不限）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/budget_page.py" line="35"/>
        <source>No limit</source>
        <translation>不限</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/budget_page.py" line="37"/>
        <source>Training must finish within (0 = no deadline)</source>
        <translation>训练必须在此时间内完成（0 = 不限）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/budget_page.py" line="38"/>
        <source> days</source>
        <translation> 天</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/budget_page.py" line="39"/>
        <source>No deadline</source>
        <translation>无期限</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/budget_page.py" line="41"/>
        <source>Output tokens per second the service must deliver</source>
        <translation>服务需要达到的每秒输出 token 数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/budget_page.py" line="42"/>
        <source>No target</source>
        <translation>无目标</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/budget_page.py" line="43"/>
        <source>Cheapest</source>
        <translation>最省钱</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/budget_page.py" line="43"/>
        <source>Fastest</source>
        <translation>最快</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/budget_page.py" line="44"/>
        <source>Lowest total cost of ownership</source>
        <translation>总拥有成本最低</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/budget_page.py" line="46"/>
        <source>Amortisation period for TCO</source>
        <translation>TCO 摊销年限</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/budget_page.py" line="46"/>
        <source> years</source>
        <translation> 年</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/budget_page.py" line="48"/>
        <source>Electricity price per kWh in the chosen currency (0 = not priced)</source>
        <translation>每千瓦时电价，按所选币种（0 = 不计电费）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/budget_page.py" line="49"/>
        <source>Not priced</source>
        <translation>不计价</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/budget_page.py" line="51"/>
        <source>Power usage effectiveness: facility power / IT power</source>
        <translation>电能使用效率：机房总功率 / IT 功率</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/budget_page.py" line="53"/>
        <source>Share of hours the owned cluster is busy</source>
        <translation>自建集群处于忙碌状态的时间比例</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/budget_page.py" line="56"/>
        <source>CNY per USD: the central parity of 2026-01-08 unless you set your own</source>
        <translation>每美元兑人民币：默认为 2026-01-08 的人民币中间价，可自行设置</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/budget_page.py" line="57"/>
        <source>Currency</source>
        <translation>币种</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/budget_page.py" line="58"/>
        <source>Budget</source>
        <translation>预算</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/budget_page.py" line="59"/>
        <source>Deadline</source>
        <translation>截止期限</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/budget_page.py" line="60"/>
        <source>Throughput target</source>
        <translation>吞吐量目标</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/budget_page.py" line="61"/>
        <source>Rank by</source>
        <translation>排序依据</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/budget_page.py" line="62"/>
        <source>Amortise over</source>
        <translation>摊销期</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/budget_page.py" line="63"/>
        <source>Electricity</source>
        <translation>电价</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/budget_page.py" line="64"/>
        <source>PUE</source>
        <translation>PUE</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/budget_page.py" line="65"/>
        <source>Utilisation</source>
        <translation>利用率</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/budget_page.py" line="66"/>
        <source>USD to CNY</source>
        <translation>美元兑人民币</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/budget_page.py" line="67"/>
        <source>Expert settings…</source>
        <translation>专家设置…</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/budget_page.py" line="68"/>
        <source>The assumptions behind every estimate (efficiencies, failure rates, power factors): the defaults are right for most jobs</source>
        <translation>每项估算背后的假设（效率、故障率、功率因数）：默认值适用于大多数任务</translation>
    </message>
</context>
<context>
    <name>CalibrateDialog</name>
    <message>
        <location filename="../../gpuplanner/ui/calibrate_dialog.py" line="50"/>
        <source>Calibrate to your own runs</source>
        <translation>按您自己的运行校准</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/calibrate_dialog.py" line="57"/>
        <source>&amp;Choose runs files…</source>
        <translation>选择运行文件(&amp;C)…</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/calibrate_dialog.py" line="60"/>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/calibrate_dialog.py" line="60"/>
        <source>Figure</source>
        <translation>数值</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/calibrate_dialog.py" line="60"/>
        <source>Before</source>
        <translation>校准前</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/calibrate_dialog.py" line="61"/>
        <source>Measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/calibrate_dialog.py" line="61"/>
        <source>After</source>
        <translation>校准后</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/calibrate_dialog.py" line="69"/>
        <source>&amp;Apply</source>
        <translation>应用(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/calibrate_dialog.py" line="71"/>
        <source>&amp;Reset to published</source>
        <translation>恢复为公开校准(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/calibrate_dialog.py" line="73"/>
        <source>&amp;Discard</source>
        <translation>放弃(&amp;D)</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/calibrate_dialog.py" line="95"/>
        <source>Estimates run on the published calibration. Choose files of runs you measured on your own hardware to fit it to them.</source>
        <translation>估算使用公开校准。选择您在自己硬件上实测的运行文件，使估算与之拟合。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/calibrate_dialog.py" line="97"/>
        <source>Estimates run on your calibration: %1 runs of %2.</source>
        <translation>估算使用您的校准：%2 的 %1 次运行。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/calibrate_dialog.py" line="100"/>
        <source>Choose runs files</source>
        <translation>选择运行文件</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/calibrate_dialog.py" line="100"/>
        <source>Runs files (*.json);;All files (*)</source>
        <translation>运行文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/calibrate_dialog.py" line="115"/>
        <source>Fitting the runs…</source>
        <translation>正在拟合这些实测…</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/calibrate_dialog.py" line="129"/>
        <source>Not read: %1: %2</source>
        <translation>未读取：%1：%2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/calibrate_dialog.py" line="130"/>
        <source>The runs could not be fitted: %1</source>
        <translation>无法拟合这些实测：%1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/calibrate_dialog.py" line="146"/>
        <source>Fitted on %1 runs; groups refitted (GPU, math width, stack or engine): %2. Apply to plan with it.</source>
        <translation>已用 %1 次运行完成拟合；重新拟合的分组（GPU、计算位宽、软件栈或引擎）：%2 个。应用后即按其规划。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/calibrate_dialog.py" line="148"/>
        <source>%1 · %2 · %3: %4</source>
        <translation>%1 · %2 · %3：%4</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/calibrate_dialog.py" line="155"/>
        <source>Tokens/s per GPU</source>
        <translation>单卡每秒 token 数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/calibrate_dialog.py" line="156"/>
        <source>Step time (s)</source>
        <translation>单步时间（秒）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/calibrate_dialog.py" line="157"/>
        <source>Time per output token (s)</source>
        <translation>每个输出 token 的时间（秒）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/calibrate_dialog.py" line="158"/>
        <source>Time to first token (s)</source>
        <translation>首 token 时延（秒）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/calibrate_dialog.py" line="159"/>
        <source>Output tokens/s</source>
        <translation>总输出 token/秒</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/calibrate_dialog.py" line="160"/>
        <source>Output tokens/s per GPU</source>
        <translation>单卡输出 token/秒</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/calibrate_dialog.py" line="161"/>
        <source>Memory per GPU (GiB)</source>
        <translation>单卡显存（GiB）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/calibrate_dialog.py" line="170"/>
        <source>GEMM efficiency ×%1</source>
        <translation>GEMM 效率 ×%1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/calibrate_dialog.py" line="170"/>
        <source>prompt-processing share ×%1</source>
        <translation>提示处理算力占比 ×%1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/calibrate_dialog.py" line="171"/>
        <source>memory-bandwidth share ×%1</source>
        <translation>显存带宽占比 ×%1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/calibrate_dialog.py" line="171"/>
        <source>memory overhead %1 GiB</source>
        <translation>显存开销 %1 GiB</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/calibrate_dialog.py" line="176"/>
        <source>band ±%1% from your runs</source>
        <translation>误差带 ±%1%（来自您的运行）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/calibrate_dialog.py" line="177"/>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/calibrate_dialog.py" line="177"/>
        <source>nothing moved</source>
        <translation>无变化</translation>
    </message>
</context>
<context>
    <name>Calibration</name>
    <message>
        <location filename="../../gpuplanner/i18n/calibration.py" line="13"/>
        <source>calibrated on your %1 runs of %2</source>
        <translation>已按您 %2 的 %1 次运行校准</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/calibration.py" line="14"/>
        <source>calibrated on your run of %1</source>
        <translation>已按您 %1 的 1 次运行校准</translation>
    </message>
</context>
<context>
    <name>CatalogEntryDialog</name>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="88"/>
        <source>Your catalog entry</source>
        <translation>自定义目录条目</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="124"/>
        <source>Prices typed in</source>
        <translation>价格币种</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="125"/>
        <source>CNY per USD (for prices typed in CNY)</source>
        <translation>每美元兑人民币（以人民币填写价格时使用）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="135"/>
        <source>Your entries are stored in your own database and override the bundled catalog; the bundled file is never changed. * marks a required field; give the source (a datasheet, a quote) and its date.</source>
        <translation>您的条目保存在您自己的数据库中，会覆盖内置目录；内置文件不会被修改。* 表示必填项；请填写来源（数据手册、报价）及其日期。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="186"/>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="276"/>
        <source>must be a rate above 0</source>
        <translation>必须是大于 0 的汇率</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="195"/>
        <source>ID (lowercase, e.g. my-h100)</source>
        <translation>ID（小写，例如 my-h100）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="195"/>
        <source>Vendor</source>
        <translation>厂商</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="195"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="196"/>
        <source>Segment</source>
        <translation>市场定位</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="196"/>
        <source>Architecture</source>
        <translation>架构</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="197"/>
        <source>Form factor</source>
        <translation>外形规格</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="197"/>
        <source>Memory (GiB)</source>
        <translation>显存（GiB）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="198"/>
        <source>Memory bandwidth (GB/s)</source>
        <translation>显存带宽（GB/s）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="199"/>
        <source>BF16 dense (TFLOP/s)</source>
        <translation>BF16 稠密算力（TFLOP/s）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="199"/>
        <source>FP16 dense (TFLOP/s)</source>
        <translation>FP16 稠密算力（TFLOP/s）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="200"/>
        <source>FP8 dense (TFLOP/s)</source>
        <translation>FP8 稠密算力（TFLOP/s）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="200"/>
        <source>FP4 dense (TFLOP/s)</source>
        <translation>FP4 稠密算力（TFLOP/s）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="201"/>
        <source>TDP (W)</source>
        <translation>TDP（W）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="201"/>
        <source>ECC memory (yes / no)</source>
        <translation>ECC 显存（是 / 否）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="202"/>
        <source>GPU-to-GPU link</source>
        <translation>GPU 互联</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="202"/>
        <source>Link bandwidth per GPU (GB/s)</source>
        <translation>每卡互联带宽（GB/s）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="204"/>
        <source>Price from (%1)</source>
        <translation>起价（%1）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="205"/>
        <source>Price to (%1)</source>
        <translation>最高价（%1）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="214"/>
        <source>Price (%1)</source>
        <translation>价格（%1）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="206"/>
        <source>Price source</source>
        <translation>价格来源</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="59"/>
        <source>datacenter</source>
        <translation>数据中心</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="60"/>
        <source>workstation</source>
        <translation>工作站</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="61"/>
        <source>consumer</source>
        <translation>消费级</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="62"/>
        <source>air</source>
        <translation>风冷</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="63"/>
        <source>liquid</source>
        <translation>液冷</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="64"/>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="65"/>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="66"/>
        <source>none (PCIe only)</source>
        <translation>无（仅 PCIe）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="67"/>
        <source>NVLink bridge (pairs)</source>
        <translation>NVLink 桥接（两两成对）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="68"/>
        <source>PCIe (dual-slot)</source>
        <translation>PCIe（双槽）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="69"/>
        <source>PCIe (single-slot)</source>
        <translation>PCIe（单槽）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="70"/>
        <source>PCIe consumer card</source>
        <translation>PCIe 消费级显卡</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="71"/>
        <source>PCIe workstation (dual-slot)</source>
        <translation>PCIe 工作站卡（双槽）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="203"/>
        <source>Scale-up fabric (catalog id)</source>
        <translation>纵向扩展互联（目录 id）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="206"/>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="206"/>
        <source>As of (date)</source>
        <translation>截至日期</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="207"/>
        <source>Notes</source>
        <translation>备注</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="207"/>
        <source>GPU ids (comma-separated)</source>
        <translation>GPU ID（逗号分隔）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="208"/>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="208"/>
        <source>Height (U)</source>
        <translation>高度（U）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="208"/>
        <source>Max power (W)</source>
        <translation>最大功耗（W）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="209"/>
        <source>Power supplies</source>
        <translation>电源模块</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="209"/>
        <source>Number of PSUs</source>
        <translation>电源数量</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="210"/>
        <source>PSU rating (W)</source>
        <translation>电源功率（W）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="211"/>
        <source>PSU redundancy (e.g. 4+2)</source>
        <translation>电源冗余（例如 4+2）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="211"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="212"/>
        <source>System memory (GB)</source>
        <translation>系统内存（GB）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="212"/>
        <source>Networking</source>
        <translation>网络</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="213"/>
        <source>Weight (kg)</source>
        <translation>重量（kg）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="213"/>
        <source>Cooling</source>
        <translation>散热方式</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="215"/>
        <source>Provider</source>
        <translation>云厂商</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="215"/>
        <source>Instance</source>
        <translation>实例规格</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="215"/>
        <source>GPU id</source>
        <translation>GPU ID</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="216"/>
        <source>On demand per hour</source>
        <translation>按量付费每小时</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="216"/>
        <source>Currency</source>
        <translation>币种</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="217"/>
        <source>Region</source>
        <translation>地域</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="217"/>
        <source>Price date</source>
        <translation>价格日期</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="224"/>
        <source>required</source>
        <translation>必填</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="226"/>
        <source>one of %1</source>
        <translation>取值：%1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="228"/>
        <source>not a scale-up fabric of the catalog (empty: read from the GPU-to-GPU link)</source>
        <translation>不是目录中的纵向扩展互联（留空：按“GPU 互联”一栏读取）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="235"/>
        <source>must be zero or more</source>
        <translation>必须大于或等于零</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="275"/>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="280"/>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="289"/>
        <source>Not saved: %1</source>
        <translation>未保存：%1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="275"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_editor.py" line="275"/>
        <source>CNY per USD</source>
        <translation>每美元兑人民币</translation>
    </message>
</context>
<context>
    <name>CatalogPage</name>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="51"/>
        <source>Filter…</source>
        <translation>筛选…</translation>
    </message>
</context>
<context>
    <name>CatalogTabActions</name>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="84"/>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="94"/>
        <source>ID</source>
        <translation>编号</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="84"/>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="94"/>
        <source>Vendor</source>
        <translation>厂商</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="84"/>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="94"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="85"/>
        <source>Memory (GiB)</source>
        <translation>显存（GiB）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="86"/>
        <source>Bandwidth (GB/s)</source>
        <translation>显存带宽（GB/s）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="87"/>
        <source>BF16 dense (TFLOP/s)</source>
        <translation>BF16 稠密算力（TFLOP/s）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="87"/>
        <source>FP8 dense (TFLOP/s)</source>
        <translation>FP8 稠密算力（TFLOP/s）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="88"/>
        <source>TDP (W)</source>
        <translation>TDP（W）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="88"/>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="97"/>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="105"/>
        <source>Confidence</source>
        <translation>可信度</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="90"/>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="98"/>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="104"/>
        <source>Price date</source>
        <translation>价格日期</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="91"/>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="98"/>
        <source>Price confidence</source>
        <translation>价格可信度</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="92"/>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="100"/>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="105"/>
        <source>Origin</source>
        <translation>条目出处</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="92"/>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="100"/>
        <source>As of</source>
        <translation>数据日期</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="92"/>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="100"/>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="105"/>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="95"/>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="103"/>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="95"/>
        <source>Rack units</source>
        <translation>高度（U）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="96"/>
        <source>Max power (W)</source>
        <translation>最大功耗（W）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="96"/>
        <source>PSUs</source>
        <translation>电源</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="96"/>
        <source>Weight (kg)</source>
        <translation>重量（kg）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="99"/>
        <source>Price source</source>
        <translation>价格来源</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="102"/>
        <source>Provider</source>
        <translation>云厂商</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="102"/>
        <source>Instance</source>
        <translation>实例规格</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="102"/>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="104"/>
        <source>Region</source>
        <translation>地域</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="107"/>
        <source>GPUs</source>
        <comment>catalog tab: the GPU table</comment>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="108"/>
        <source>Servers</source>
        <translation>服务器</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="109"/>
        <source>Cloud prices</source>
        <translation>云实例价格</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="111"/>
        <source>Add your own…</source>
        <translation>添加自定义…</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="112"/>
        <source>Edit as your own…</source>
        <translation>另存为自定义并编辑…</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="113"/>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="270"/>
        <source>Remove your entry</source>
        <translation>删除自定义条目</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="121"/>
        <source>Prices are approximate and carry the date their source gives, or say it gives none; hover a cell for its source. Unknown values show as n/a.</source>
        <translation>价格为近似值，注明来源给出的日期，来源未给出日期的会说明；鼠标悬停可查看来源。未知数值显示为“不详”。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="147"/>
        <source>Catalog data as of %1; a price over 12 months old, or undated, is flagged in the plans that use it. Confidence: vendor datasheet, vendor document, secondary source or estimate.</source>
        <translation>目录数据截至 %1；超过 12 个月或没有日期的价格会在使用它的方案中标出。可信度分为：厂商数据手册、厂商文档、间接来源、估计值。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="150"/>
        <source>n/a</source>
        <translation>不详</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="154"/>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="218"/>
        <source>Import a vendor quote</source>
        <translation>导入厂商报价</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="154"/>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="167"/>
        <source>Reading the quote…</source>
        <translation>正在读取报价……</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="194"/>
        <source>Storing the quoted prices…</source>
        <translation>正在保存报价……</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="199"/>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="242"/>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="245"/>
        <source>Quote not imported</source>
        <translation>报价未导入</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="217"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="243"/>
        <source>Something went wrong while importing the quote; nothing was changed.

%1</source>
        <translation>导入报价时出错；未做任何更改。

%1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="245"/>
        <source>Nothing was changed. %1</source>
        <translation>未做任何更改。%1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="202"/>
        <source>Imported %1 quoted price(s); the plans use them and say so.</source>
        <translation>已导入 %1 个报价；方案会使用并注明这些价格。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="89"/>
        <source>Price from (%1)</source>
        <translation>起价（%1）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="97"/>
        <source>Price (%1)</source>
        <translation>价格（%1）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="103"/>
        <source>On-demand per hour (%1)</source>
        <translation>按需每小时（%1）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="250"/>
        <source>Quote import cancelled; nothing was changed.</source>
        <translation>已取消导入报价；未做任何更改。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="268"/>
        <source>Select one of your own entries to remove it; bundled rows stay.</source>
        <translation>请选择一条自定义条目再删除；内置条目会保留。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="271"/>
        <source>Remove your entry %1 from your catalog edits? Plans that use it change; a bundled row of the same id, if any, comes back.</source>
        <translation>要从你的目录编辑中删除条目 %1 吗？使用它的方案会随之改变；如有同一 id 的内置条目，将恢复使用内置条目。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/catalog_tab.py" line="277"/>
        <source>Not removed</source>
        <translation>未删除</translation>
    </message>
</context>
<context>
    <name>CatalogTableModel</name>
    <message>
        <location filename="../../gpuplanner/ui/catalog_model.py" line="118"/>
        <source>Listed at %1 %2; shown at %3 CNY per USD</source>
        <translation>来源标价 %1 %2；按 1 美元 = %3 人民币换算显示</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/formatting.py" line="164"/>
        <source>CNY</source>
        <translation>人民币</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/formatting.py" line="165"/>
        <source>USD</source>
        <translation>美元</translation>
    </message>
</context>
<context>
    <name>ChartPanel</name>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="101"/>
        <source>Capacity</source>
        <translation>容量</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="316"/>
        <source>Time to first token (ms)</source>
        <translation>首 token 时间（毫秒）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="317"/>
        <source>Time per output token (ms)</source>
        <translation>每个输出 token 时间（毫秒）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="121"/>
        <source>Pareto front</source>
        <translation>帕累托前沿</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="124"/>
        <source>deadline</source>
        <translation>截止期限</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="125"/>
        <source>budget</source>
        <translation>预算</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="133"/>
        <location filename="../../gpuplanner/ui/charts.py" line="268"/>
        <location filename="../../gpuplanner/ui/charts.py" line="486"/>
        <source>buy</source>
        <translation>购买</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="133"/>
        <location filename="../../gpuplanner/ui/charts.py" line="268"/>
        <location filename="../../gpuplanner/ui/charts.py" line="486"/>
        <source>rent</source>
        <translation>租用</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="133"/>
        <source>near miss</source>
        <translation>接近的方案</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="135"/>
        <source>first-token limit</source>
        <translation>首 token 上限</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="127"/>
        <location filename="../../gpuplanner/ui/charts.py" line="136"/>
        <source>per-token limit</source>
        <translation>每 token 上限</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="208"/>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="208"/>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="209"/>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="209"/>
        <source>Activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="210"/>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="210"/>
        <source>Overhead</source>
        <translation>额外开销</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="218"/>
        <source>Cost per million output tokens vs speed per user</source>
        <translation>每百万输出 token 成本与每用户速度</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="219"/>
        <source>output tokens/s per user</source>
        <translation>每用户每秒输出 token 数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="220"/>
        <source>%1 per million tokens</source>
        <translation>%1 / 百万 token</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="221"/>
        <source>Latency of each plan</source>
        <translation>各方案的延迟</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="221"/>
        <location filename="../../gpuplanner/ui/charts.py" line="223"/>
        <source>ms</source>
        <translation>毫秒</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="222"/>
        <source>Latency vs concurrent users, on each plan&apos;s replicas</source>
        <translation>延迟与并发用户数（按各方案的副本）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="223"/>
        <source>concurrent users</source>
        <translation>并发用户数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="228"/>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="225"/>
        <location filename="../../gpuplanner/ui/charts.py" line="229"/>
        <source>days</source>
        <translation>天</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="85"/>
        <source>Memory per GPU of the plans shown</source>
        <translation>所示方案的单卡显存</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="86"/>
        <source>Step time of the plans shown, by part</source>
        <translation>所示方案的单步时间构成</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="87"/>
        <source>Power per rack of the plans shown, with the site&apos;s limit</source>
        <translation>所示方案的单机柜功耗与机房上限</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="88"/>
        <source>How each GPU scales with its count</source>
        <translation>各 GPU 随数量增加的扩展情况</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="225"/>
        <source>Cost vs time to result</source>
        <translation>成本与完成时间</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="226"/>
        <source>cost (%1)</source>
        <translation>成本（%1）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="227"/>
        <source>Where the step time goes</source>
        <translation>单步时间构成</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="227"/>
        <source>s</source>
        <translation>秒</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="228"/>
        <source>Days vs GPU count, per GPU type</source>
        <translation>各型号 GPU 的天数与数量</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="230"/>
        <source>Memory per GPU vs capacity</source>
        <translation>单卡显存占用与容量</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="230"/>
        <source>GiB</source>
        <translation>GiB</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="231"/>
        <source>Power per rack vs the site limit</source>
        <translation>单机柜功率与机房上限</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="231"/>
        <source>kW</source>
        <translation>kW</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="349"/>
        <source>%1 plans have no price and are not drawn (their cost is n/a)</source>
        <translation>%1 个方案没有价格，未画出（成本不详）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="438"/>
        <source>%1 × %2: per token</source>
        <translation>%1 × %2：每 token</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="440"/>
        <source>%1 × %2: first token</source>
        <translation>%1 × %2：首 token</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="473"/>
        <source>memory %1 of %2 GiB</source>
        <translation>显存 %1 / %2 GiB</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="474"/>
        <source>headroom %1 GiB (%2 %)</source>
        <translation>余量 %1 GiB（%2 %）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="476"/>
        <source>%1 kW per rack</source>
        <translation>每机柜 %1 kW</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="477"/>
        <source>precision %1</source>
        <translation>精度 %1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="479"/>
        <source>step %1 s</source>
        <translation>单步 %1 秒</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="481"/>
        <source>TTFT %1 ms, TPOT %2 ms</source>
        <translation>首 token %1 毫秒，每 token %2 毫秒</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="489"/>
        <source>%1 tokens/s per user, %2 per million tokens</source>
        <translation>每用户每秒 %1 个输出 token，每百万 token %2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="492"/>
        <source>%1 days, %2</source>
        <translation>%1 天，%2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="493"/>
        <source>near miss: breaks a limit or misses a goal</source>
        <translation>接近的方案：突破某项限制或未达成某个目标</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="106"/>
        <source>kW per rack (nameplate)</source>
        <translation>单机柜功耗（额定，kW）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="84"/>
        <source>Cost against time to result, every plan evaluated that has a price</source>
        <translation>成本与出结果所需时间：所有已评估且有价格的方案</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/charts.py" line="107"/>
        <source>site limit</source>
        <translation>机房上限</translation>
    </message>
</context>
<context>
    <name>CoreMessages</name>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="452"/>
        <source>never pays back: at %1 utilisation, running it costs more per month than renting the same GPU-hours</source>
        <translation>无法回本：利用率为 %1 时，自建每月运行成本高于租用同样的 GPU 小时</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="28"/>
        <source>%1 has no FP8 tensor cores (FP8 needs Hopper, Ada or newer); estimated in %2 instead.</source>
        <translation>%1 没有 FP8 张量核心（FP8 需要 Hopper、Ada 或更新架构）；改按 %2 估算。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="23"/>
        <source>%1 has no BF16 tensor cores (BF16 needs Ampere or newer); estimated in %2 instead.</source>
        <translation>%1 没有 BF16 张量核心（BF16 需要 Ampere 或更新架构）；改按 %2 估算。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="67"/>
        <source>%1 publishes no %2 rate; estimated in %3 instead.</source>
        <translation>%1 未公布 %2 算力；改按 %3 估算。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="144"/>
        <source>Does not fit: the leanest layout needs %1 GiB per GPU but %2 has %3 GiB. Add GPUs, shard more (ZeRO-3), or recompute activations.</source>
        <translation>显存不足：最省显存的布局每卡也需要 %1 GiB，而 %2 只有 %3 GiB。请增加 GPU、加大分片（ZeRO-3）或启用激活重计算。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="32"/>
        <source>%1 has no NVLink: tensor parallelism over PCIe is slow; prefer data parallelism with ZeRO/FSDP.</source>
        <translation>%1 没有 NVLink：通过 PCIe 做张量并行很慢；建议用数据并行加 ZeRO/FSDP。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="63"/>
        <source>%1 links only %2 GPUs by NVLink bridge; TP=%3 crosses PCIe.</source>
        <translation>%1 的 NVLink 桥只连接 %2 块 GPU；TP=%3 需跨 PCIe 通信。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="162"/>
        <source>GeForce cards: NVIDIA&apos;s driver licence does not permit data-center deployment, and they have no ECC memory.</source>
        <translation>GeForce 显卡：NVIDIA 驱动许可不允许在数据中心部署，且显存不带 ECC。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="89"/>
        <source>%1: ECC memory not confirmed; a %2-day run risks silent errors.</source>
        <translation>%1：未确认支持 ECC 显存；连续运行 %2 天有静默数据错误的风险。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="189"/>
        <source>Misses the deadline: %1 days against %2.</source>
        <translation>无法按期完成：需要 %1 天，期限为 %2 天。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="234"/>
        <source>No published run on %1 in %2 to check against: the time estimate is uncertain (±%3%).</source>
        <translation>%1 架构在 %2 精度下没有公开实测数据可供核对：时间估算不确定度较大（±%3%）。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="203"/>
        <source>Multi-node training on PCIe servers: check each node has a 100-200 Gb/s RDMA NIC per 2 GPUs or gradient traffic will dominate.</source>
        <translation>在 PCIe 服务器上多机训练：请确认每 2 块 GPU 配一张 100–200 Gb/s 的 RDMA 网卡，否则梯度通信将成为瓶颈。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="142"/>
        <source>Does not fit: %1 GiB needed per GPU with TP=%2, %3 GiB available (%4 uses %5).</source>
        <translation>显存不足：TP=%2 时每卡需要 %1 GiB，可用 %3 GiB（%4 使用其中 %5）。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="216"/>
        <source>No batch meets the latency limits on this GPU; add GPUs per replica (TP).</source>
        <translation>在此 GPU 上没有批大小能满足时延要求；请为每个副本增加 GPU（TP）。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="334"/>
        <source>The load needs %1 replicas of %2 GPU(s) = %3 GPUs; only %4 given.</source>
        <translation>该负载需要 %1 个副本 × %2 块 GPU = %3 块 GPU；当前只有 %4 块。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="106"/>
        <source>Batch %1 exceeds the KV-cache room: at most %2 sequences of %3 tokens per replica.</source>
        <translation>批大小 %1 超出 KV 缓存容量：每个副本最多容纳 %2 条 %3 token 的序列。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="30"/>
        <source>%1 has no FP8 tensor cores: FP8 weights are upcast, with no compute gain.</source>
        <translation>%1 没有 FP8 张量核心：FP8 权重会被提升精度计算，没有算力收益。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="31"/>
        <source>%1 has no NVLink: tensor parallelism over PCIe adds latency to every token.</source>
        <translation>%1 没有 NVLink：通过 PCIe 做张量并行会增加每个 token 的时延。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="270"/>
        <source>Server price uses a planning default: %1. Replace it with a quote.</source>
        <translation>服务器价格使用了规划默认值：%1。请替换为实际报价。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="265"/>
        <source>Scale-out network (switches, optics, cables) is not priced.</source>
        <translation>横向扩展网络（交换机、光模块、线缆）未计价。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="152"/>
        <source>Electricity price not given: opex excludes energy.</source>
        <translation>未填写电价：运营支出不含电费。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="246"/>
        <source>One %1 needs %2 kW nameplate but the rack allows %3 kW (a %4 A x 220 V IDC cabinet): the node does not fit this rack. Ask for a higher-power cabinet or bond cabinets.</source>
        <translation>一台 %1 额定功耗 %2 kW，而机柜只允许 %3 kW（%4 A × 220 V 的 IDC 机柜）：该节点放不进这个机柜。请申请更高功率的机柜或并柜使用。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="249"/>
        <source>One %1 needs %2 kW nameplate but the rack allows %3 kW: the node does not fit this rack. Ask for a higher-power rack.</source>
        <translation>一台 %1 额定功耗 %2 kW，而机柜只允许 %3 kW：该节点放不进这个机柜。请申请更高功率的机柜。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="59"/>
        <source>%1 kW per rack exceeds what %2 cooling handles (~%3 kW): needs %4 cooling.</source>
        <translation>单机柜 %1 kW 超出 %2 散热能力（约 %3 kW）：需要 %4 散热。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="500"/>
        <source>takes %1 days (deadline %2)</source>
        <translation>需要 %1 天（期限 %2 天）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="499"/>
        <source>serves %1 tokens/s (target %2)</source>
        <translation>每秒输出 %1 token（目标 %2）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="436"/>
        <source>lowest cost among plans that fit</source>
        <translation>在可行方案中成本最低</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="437"/>
        <source>lowest cost among plans that fit and meet the goals</source>
        <translation>在满足目标的可行方案中成本最低</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="414"/>
        <source>fastest among plans that fit</source>
        <translation>在可行方案中速度最快</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="415"/>
        <source>fastest among plans that fit and meet the goals</source>
        <translation>在满足目标的可行方案中速度最快</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="438"/>
        <source>lowest total cost of ownership among plans that fit</source>
        <translation>在可行方案中总拥有成本最低</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="439"/>
        <source>lowest total cost of ownership among plans that fit and meet the goals</source>
        <translation>在满足目标的可行方案中总拥有成本最低</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="94"/>
        <source>%1x the cost of #1 (%2 %3)</source>
        <translation>成本为第 1 名的 %1 倍（%2 %3）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="95"/>
        <source>%1x the speed of #1</source>
        <translation>速度为第 1 名的 %1 倍</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="391"/>
        <source>a single server: no cluster network needed</source>
        <translation>单台服务器：无需集群网络</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="477"/>
        <source>on-prem: bought and run on your site</source>
        <translation>自建：购买并部署在您的机房</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="401"/>
        <source>cloud: rented from %1</source>
        <translation>云上：租用 %1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="92"/>
        <source>%1; %2</source>
        <translation>%1；%2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="212"/>
        <source>Nearest fix: %1 × %2 (%3) needs %4 kW per rack with %5 cooling; ask for racks of at least %6 kW, or rent instead.</source>
        <translation>最接近的解决办法：%1 × %2（%3）需要单柜 %4 kW、%5散热；请申请至少 %6 kW 的机柜，或改为租用。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="266"/>
        <source>Sequence length %1 is beyond the %2 tokens %3 was built for.</source>
        <translation>序列长度 %1 超出了 %3 设计的 %2 token。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="368"/>
        <source>Uses %1 of GPU memory: under %2 headroom, allocator fragmentation or a longer sequence can run out of memory; plan a little more.</source>
        <translation>占用 %1 的显存：余量不足 %2，显存碎片或更长的序列可能导致显存不足；请多留一些余量。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="416"/>
        <source>first token after %1 s (limit %2 s)</source>
        <translation>首 token 需 %1 秒（上限 %2 秒）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="496"/>
        <source>room for %1 users at once (asked %2)</source>
        <translation>只能同时服务 %1 个用户（要求 %2 个）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="14"/>
        <source>%1 GPUs for a %2-hour job: a cluster this size for so short a run is unusual; check the inputs (tokens, sequence length).</source>
        <translation>%1 块 GPU 只运行 %2 小时：这么短的任务用这么大的集群很不寻常；请检查输入（token 数、序列长度）。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="64"/>
        <source>%1 ms per output token (limit %2 ms)</source>
        <translation>每个输出 token %1 毫秒（上限 %2 毫秒）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="224"/>
        <source>No plan keeps every limit and goal you set.</source>
        <translation>没有方案能满足您设定的全部限制和目标。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="225"/>
        <source>No plan keeps every limit and goal you set; the near misses say what each misses. %1</source>
        <translation>没有方案能满足您设定的全部限制和目标；下方接近的方案列出了各自差在哪里。%1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="245"/>
        <source>Not an answer: %1</source>
        <translation>不是答案：%1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="480"/>
        <source>one node is %1U; a rack has %2U free</source>
        <translation>单个节点 %1U；机柜可用 %2U</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="481"/>
        <source>one node needs %1 kW; the rack allows %2 kW</source>
        <translation>单个节点需要 %1 kW；机柜只允许 %2 kW</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="482"/>
        <source>one node weighs %1 kg; a rack holds %2 kg</source>
        <translation>单个节点重 %1 kg；机柜承重 %2 kg</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="60"/>
        <source>%1 kW per rack needs %2 cooling; the site has %3</source>
        <translation>单柜 %1 kW 需要%2散热；机房只有%3</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="84"/>
        <source>%1% slower</source>
        <translation>慢 %1%</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="405"/>
        <source>does not fit: needs %1 GiB per GPU</source>
        <translation>放不下：每卡需要 %1 GiB</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="284"/>
        <source>Takes %1 days: no deadline is set, so slow plans can rank first. Set a deadline to see faster ones.</source>
        <translation>需要 %1 天：未设置期限，因此较慢的方案可能排在前面。设置期限即可看到更快的方案。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="392"/>
        <source>air</source>
        <translation>风冷</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="490"/>
        <source>rear-door heat exchanger</source>
        <translation>背板换热</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="402"/>
        <source>cold-plate liquid</source>
        <translation>冷板液冷</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="428"/>
        <source>immersion</source>
        <translation>浸没式液冷</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="444"/>
        <source>more than immersion presets</source>
        <translation>超出浸没式液冷预设的</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="384"/>
        <source>Your catalog edits database was damaged (%1); it was moved to %2 and a new one will be started. The bundled catalog is in use.</source>
        <translation>您的目录修改数据库已损坏（%1）；已移至 %2，将新建一个数据库。当前使用内置目录。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="388"/>
        <source>Your catalog edits in %1 were saved by a newer GPU Planner; they are left untouched and not used by this version.</source>
        <translation>%1 中的目录修改由更新版本的 GPU Planner 保存；已原样保留，本版本不使用。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="386"/>
        <source>Your catalog edits in %1 cannot be read now (%2); the bundled catalog is used and your file is left as it is.</source>
        <translation>暂时无法读取 %1 中的目录修改（%2）；当前使用内置目录，您的文件保持原样。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="382"/>
        <source>Your catalog edits database was damaged (%1) and has been set aside; a new one will be started. The bundled catalog is in use.</source>
        <translation>您的目录修改数据库已损坏（%1）并已移到一旁；将新建一个数据库。当前使用内置目录。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="380"/>
        <source>Your catalog edits database %1 is damaged (%2) and could not be moved aside (%3); it is left as it is and not used.</source>
        <translation>您的目录修改数据库 %1 已损坏（%2），且无法移到一旁（%3）；已原样保留，暂不使用。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="377"/>
        <source>Your catalog edits cannot be saved in this session (see the note about your edits database).</source>
        <translation>本次会话无法保存您的目录修改（见关于修改数据库的提示）。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="379"/>
        <source>Your catalog edits could not be read now (%1); using the bundled catalog.</source>
        <translation>暂时无法读取您的目录修改（%1）；使用内置目录。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="376"/>
        <source>Your catalog edit was not saved (%1); nothing was changed.</source>
        <translation>您的目录修改未保存（%1）；未做任何更改。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="355"/>
        <source>The table %1 in your catalog edits has columns this version cannot use; it is skipped.</source>
        <translation>您的目录修改中的表 %1 含有本版本无法使用的列；已跳过。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="279"/>
        <source>Skipped your %1 entry %2: %3 %4</source>
        <translation>已跳过您的 %1 条目 %2：%3 %4</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="552"/>
        <source>%1 has no published memory bandwidth; add it in the catalog to estimate it</source>
        <translation>%1 没有公开的显存带宽；请在硬件目录中补充后再估算</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="611"/>
        <source>cannot write in %1</source>
        <translation>无法在 %1 中写入</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="175"/>
        <source>IEC 60309 %1 above %2 A: hard-wired (%3)</source>
        <translation>IEC 60309 %1，超过 %2 A：需硬接线（%3）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="22"/>
        <source>%1 fit no layout in memory</source>
        <translation>%1 种没有能放进显存的布局</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="47"/>
        <source>%1 is listed in %2 and shown in %3 at %4 CNY per USD (CFETS central parity of %5): set your own rate for a current figure.</source>
        <translation>%1以 %2 标价，按 1 美元兑 %4 元人民币（中国外汇交易中心 %5 人民币汇率中间价）折算为 %3 显示；如需当前数字，请设置你自己的汇率。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="68"/>
        <source>%1 publishes no network bandwidth for %2: the traffic between the plan&apos;s %3 instances is costed at %4 Gb/s each (the least a 1-GPU cloud VM in the catalog publishes); set the instance&apos;s network_gbps in your catalog if you know it.</source>
        <translation>%1 未公布 %2 的网络带宽：方案中 %3 台实例之间的通信按每台 %4 Gb/s 计（目录中单卡云主机公布的最低值）；如已知该实例的带宽，请在你的目录中填写 network_gbps。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="78"/>
        <source>%1 weights need %1 GEMMs: on %2 they are kept in %3.</source>
        <translation>%1 权重需要 %1 矩阵乘：在 %2 上改以 %3 保存。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="90"/>
        <source>%1: nameplate power not published: power, circuits and cooling cannot be sized, so no plan on it keeps the site&apos;s limits until the vendor gives it.</source>
        <translation>%1：未公布铭牌功率：无法核算供电、回路与散热，在供应商提供之前，基于它的方案均不能视为满足机房限制。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="93"/>
        <source>%1; the server has %2</source>
        <translation>%1；服务器自带 %2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="112"/>
        <source>CP=%1 splits each %2-token sequence over %1 GPUs (ring attention); its K/V traffic is costed as hidden behind the attention math where that is longer.</source>
        <translation>CP=%1 将每条 %2 token 的序列分到 %1 块 GPU 上（环形注意力）；其 K/V 传输在注意力计算更长时按被其掩盖计算。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="118"/>
        <source>Checkpoint write %1 s at %2</source>
        <translation>检查点写入 %1 秒，速率 %2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="119"/>
        <source>Checkpoint write %1 s at %2, one every %3 min</source>
        <translation>检查点写入 %1 秒，速率 %2，每 %3 分钟一次</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="128"/>
        <source>Dataset %1 (given); passes over it: %2</source>
        <translation>数据集 %1（您填写）；读取遍数：%2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="129"/>
        <source>Dataset %1 = %2 images x %3 an image; passes over it: %4</source>
        <translation>数据集 %1 = %2 张图像 × 每张 %3；读取遍数：%4</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="130"/>
        <source>Dataset %1 = %2 tokens x %3 bytes a token; passes over it: %4</source>
        <translation>数据集 %1 = %2 个 token × 每个 %3 字节；读取遍数：%4</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="156"/>
        <source>FP4 serving is checked against published sources that disagree: %1. Fitted without one, its runs come out %2% off in the median and up to %3%.</source>
        <translation>FP4 推理对照多份相互不一致的公开来源检验：%1。剔除其中一份拟合时，其数据的误差中位数为 %2%，最大 %3%。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="174"/>
        <source>IEC 60309 %1 %2 A (%3)</source>
        <translation>IEC 60309 %1 %2 A（%3）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="185"/>
        <source>Local NVMe %1 a node = dataset %2 + 1/%3 of a checkpoint</source>
        <translation>每节点本地 NVMe %1 = 数据集 %2 + 一个检查点的 1/%3</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="186"/>
        <source>Megatron-Core / NeMo with Transformer Engine (2024+): FlashAttention, sequence parallelism with TP, gradients kept and reduced in fp32 (overlapped), distributed optimizer (ZeRO-1), context parallelism</source>
        <translation>Megatron-Core / NeMo 配合 Transformer Engine（2024 年起）：FlashAttention，张量并行时启用序列并行，梯度以 fp32 保存和规约（与计算重叠），分布式优化器（ZeRO-1），上下文并行</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="199"/>
        <source>Mixture-of-experts training rests on one constant fitted on published MoE runs (the experts&apos; share of dense GEMM efficiency, editable): refitted without each run&apos;s source, the estimate is %1-%2 times the measured speed (median %3); the band is ±%4%.</source>
        <translation>混合专家（MoE）模型的训练估计依赖一个在公开 MoE 运行上拟合的常数（专家相对稠密 GEMM 的效率占比，可编辑）：去掉每个运行自身来源重新拟合后，估计速度是实测的 %1-%2 倍（中位数 %3 倍）；误差带为 ±%4%。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="207"/>
        <source>NEMA L21-%1P (three-phase 208 V)</source>
        <translation>NEMA L21-%1P（三相 208 V）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="208"/>
        <source>NEMA L6-%1P (208 V)</source>
        <translation>NEMA L6-%1P（208 V）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="209"/>
        <source>Narayanan et al. 2021 (PTD-P); Korthikanti et al. 2022, Sec. 6.3: fp32 gradients, no FlashAttention, gradient all-reduce after the backward pass, dropout 0.1, the loss in fp32</source>
        <translation>Narayanan 等 2021（PTD-P）；Korthikanti 等 2022，第 6.3 节：fp32 梯度，无 FlashAttention，反向传播结束后再做梯度 all-reduce，dropout 0.1，损失以 fp32 计算</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="215"/>
        <source>Nearest: %1 × %2 (%3): %4.</source>
        <translation>最接近的方案：%1 × %2（%3）：%4。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="219"/>
        <source>No plan fits with a global batch of %1 sequences: as %1 = %2 x %3, it splits evenly over few of the GPU counts searched (powers of two and whole servers), and none of the layouts those allow fits.</source>
        <translation>全局批量为 %1 条序列时没有可行方案：由于 %1 = %2 × %3，它只能在所搜索的少数 GPU 数量（2 的幂与整台服务器）上均匀拆分，而这些数量所允许的布局都放不下。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="222"/>
        <source>No plan fits. Of the %1 GPUs considered: %2.</source>
        <translation>没有可行方案。在考察的 %1 种 GPU 中：%2。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="223"/>
        <source>No plan fits: no GPU in the catalog can be estimated for this job.</source>
        <translation>没有可行方案：目录中没有任何 GPU 能为此任务进行估算。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="256"/>
        <source>Read %1 = %2 images/s x %3 bytes (%4 a node; %5 over the run)</source>
        <translation>读取 %1 = 每秒 %2 张图像 × %3 字节（每节点 %4；整个训练共 %5）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="257"/>
        <source>Read %1 = %2 tokens/s x %3 bytes (%4 a node; %5 over the run)</source>
        <translation>读取 %1 = 每秒 %2 个 token × %3 字节（每节点 %4；整个训练共 %5）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="259"/>
        <source>Rental price from your quote of %1.</source>
        <translation>租用价格来自您 %1 的报价。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="262"/>
        <source>SGLang reads a GDDR card&apos;s weights at a share fitted on one published table (batch 1 on an RTX PRO 6000) and HBM at vLLM&apos;s share; its prompt speed is vLLM&apos;s, an assumption. Its other published runs only judge it.</source>
        <translation>SGLang 在 GDDR 显卡上读取权重的带宽比例拟合自一份公开数据表（RTX PRO 6000 上的批大小 1），在 HBM 上沿用 vLLM 的比例；其提示处理速度沿用 vLLM 的，属于假设。它的其他公开实测只用于检验。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="269"/>
        <source>Server price from your quote: %1.</source>
        <translation>服务器价格来自您的报价：%1。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="271"/>
        <source>Shared store %1 = checkpoint %2 (%3) x %4 kept + 16-bit export %5 + dataset %6</source>
        <translation>共享存储 %1 = 检查点 %2（%3）× 保留 %4 个 + 16 位导出 %5 + 数据集 %6</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="296"/>
        <source>TensorRT-LLM&apos;s profile is fitted on these published sources: %1. The band, ±%2%, holds 80 % of its errors on them, each judged with its own recipe, round or table left out of the fit.</source>
        <translation>TensorRT-LLM 的配置参数拟合自以下公开来源：%1。误差带 ±%2% 覆盖其中 80% 的误差，每条均在拟合时排除其所属的配方、轮次或表格后检验。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="345"/>
        <source>The rental price is from %1, over 12 months ago: check the provider&apos;s current price.</source>
        <translation>租用价格来自 %1，已超过 12 个月：请查询服务商的当前价格。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="347"/>
        <source>The rental price is undated (%1): check the provider&apos;s price page before relying on it.</source>
        <translation>租用价格未注明日期（%1）：使用前请查看服务商的价格页面。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="374"/>
        <source>Within %1 of the time a write may take %2 s: the store must write %3 (checkpoint / allowed time)</source>
        <translation>写入占用不超过时间的 %1，则每次写入最多 %2 秒：存储须达到 %3（检查点大小 / 允许时间）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="393"/>
        <source>any region</source>
        <translation>任意地区</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="395"/>
        <source>blue, 200-250 V</source>
        <translation>蓝色，200-250 V</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="396"/>
        <source>bought</source>
        <translation>购买</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="397"/>
        <source>can be bought there (%1)</source>
        <translation>可在当地购买（%1）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="398"/>
        <source>checkpoints written at %1 per GPU (Llama 3&apos;s 2 TB/s for 16,384 GPUs; no shared store described)</source>
        <translation>检查点按每 GPU %1 写入（Llama 3 的 16,384 块 GPU 共 2 TB/s；未填写共享存储）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="408"/>
        <source>every region of the provider (one price)</source>
        <translation>该厂商所有地域（同一价格）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="429"/>
        <source>in %1: %2</source>
        <translation>在%1：%2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="440"/>
        <source>mainland China</source>
        <translation>中国大陆</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="441"/>
        <source>mainland China (region not stated)</source>
        <translation>中国大陆（未注明地域）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="447"/>
        <source>needs a US export licence (%1)</source>
        <translation>需要美国出口许可（%1）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="449"/>
        <source>needs a US export licence, presumed denied (ECCN 3A090.a, TPP %1)</source>
        <translation>需要美国出口许可，且推定拒绝（ECCN 3A090.a，TPP %1）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="448"/>
        <source>needs a US export licence, presumed denied (%1)</source>
        <translation>需要美国出口许可，且推定拒绝（%1）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="9"/>
        <source>%1 (the compute dtype)</source>
        <translation>%1（与计算精度相同）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="10"/>
        <source>%1 (the server: %2 cores, %3 GB)</source>
        <translation>%1（服务器：%2 核，%3 GB）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="11"/>
        <source>%1 GPUs are interrupted about every %2 min, sooner than a restart and a checkpoint take: the job cannot make progress. Use fewer GPUs, or faster restarts and storage.</source>
        <translation>%1 张 GPU 约每 %2 分钟中断一次，比一次重启加检查点还快：作业无法推进。请减少 GPU 数量，或加快重启与存储。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="16"/>
        <source>%1 GPUs is beyond the largest published run checked on %2 in %3 (%4 GPUs): the time band is widened to ±%5%.</source>
        <translation>%1 张 GPU 超出了在 %2（%3）上核对过的最大公开运行规模（%4 张 GPU）：时间误差区间放宽到 ±%5%。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="18"/>
        <source>%1 With %2 sequences (a multiple of 8) plans fit but miss a limit or goal you set; the nearest is %3 x %4.</source>
        <translation>%1改为 %2 条序列（8 的倍数）时有方案可行，但都未满足您设定的某项限制或目标；最接近的是 %3 × %4。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="20"/>
        <source>%1 With %2 sequences (a multiple of 8) the best plan is %3 x %4.</source>
        <translation>%1改为 %2 条序列（8 的倍数）时，最佳方案是 %3 × %4。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="21"/>
        <source>%1 cannot run the job as set</source>
        <translation>%1 种无法按当前设置运行该任务</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="25"/>
        <source>%1 has no FP4 tensor cores (FP4 needs Blackwell or CDNA 4); estimated in %2 instead.</source>
        <translation>%1 没有 FP4 张量核心（FP4 需要 Blackwell 或 CDNA 4）；改按 %2 估算。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="27"/>
        <source>%1 has no FP4 tensor cores: FP4 weights save memory but run as %2 GEMMs.</source>
        <translation>%1 没有 FP4 张量核心：FP4 权重只节省显存，矩阵乘法仍按 %2 运行。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="34"/>
        <source>%1 have no price for the deployment</source>
        <translation>%1 种在该部署方式下没有价格</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="35"/>
        <source>%1 holds %2 of the GEMM rate of the best-sustaining %3 part at the same datasheet peak (its power limit lowers its clock under dense GEMMs: the vendor&apos;s measured max-achievable FLOPs); its %4 GEMMs are scaled so.</source>
        <translation>%1 在相同标称峰值下只能达到 %3 架构中持续频率最高型号 GEMM 速率的 %2（功耗上限使它在密集 GEMM 负载下频率更低，依据厂商实测的最大可达 FLOPs）；其 %4 GEMM 已按此折算。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="38"/>
        <source>%1 images a GPU per pass is below the %2 the U-Net&apos;s speed is fitted on (MLPerf Training): small passes run slower, so this time is optimistic (4 images a GPU ran at less than half the estimated speed).</source>
        <translation>每块 GPU 每次前向只处理 %1 张图像，低于 U-Net 速度拟合所依据的 %2 张（MLPerf Training）：小批次运行更慢，因此这一时间偏乐观（每 GPU 4 张时实测速度不到估计值的一半）。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="41"/>
        <source>%1 is after today (%2): a quote is dated the day it was given</source>
        <translation>%1 晚于今天（%2）：报价应写明给出报价的日期</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="42"/>
        <source>%1 is air-cooled: its heat goes to the room air, none of it to the site&apos;s %2 loop (a rear-door heat exchanger takes it out at the rack).</source>
        <translation>%1 为风冷：热量进入机房空气，不进入机房的%2回路（背板换热器可在机柜处带走这部分热量）。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="44"/>
        <source>%1 is before %2, over %3 years ago: check the date</source>
        <translation>%1 早于 %2，已超过 %3 年：请检查日期</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="45"/>
        <source>%1 is cooled by liquid at the chip: it needs a coolant loop at the rack, which %2 cooling does not provide.</source>
        <translation>%1 在芯片处液冷：机柜处需要冷却液回路，%2散热无法提供。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="49"/>
        <source>%1 is listed in %2 and shown in %3 at your rate of %4 CNY per USD.</source>
        <translation>%1以 %2 标价，按你设置的 1 美元兑 %4 元人民币折算为 %3 显示。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="51"/>
        <source>%1 is not a number as this file writes them (1.234,5, as its first line says)</source>
        <translation>%1 不是本文件写法的数字（按首行所说为 1.234,5）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="53"/>
        <source>%1 is not a number with a decimal point (1,234.5); a file that writes 1.234,5 starts with the line # decimal: comma</source>
        <translation>%1 不是以小数点书写的数字（1,234.5）；写作 1.234,5 的文件应以 # decimal: comma 一行开头</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="55"/>
        <source>%1 is quoted on line %2 and on line %3: give each item once</source>
        <translation>%1 在第 %2 行和第 %3 行都有报价：每项只能报一次</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="56"/>
        <source>%1 joins its GPUs by %2, but no achieved rate of it is published: tensor parallelism is priced as over PCIe here, which may be slower than the part runs it.</source>
        <translation>%1 的各卡之间由 %2 互连，但没有公开的实测速率：此处张量并行按 PCIe 计价，可能比该器件的实际速度慢。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="61"/>
        <source>%1 kg/m² on a floor rated %2 kg/m²</source>
        <translation>%1 kg/m²，超过地面额定荷载 %2 kg/m²</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="62"/>
        <source>%1 lack a datasheet figure the estimate needs</source>
        <translation>%1 块缺少估算所需的规格参数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="66"/>
        <source>%1 nodes, network: %2</source>
        <translation>%1 个节点，网络：%2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="72"/>
        <source>%1 runs %2 of the %3 requests at once (its cap on running requests: inference.max_running_requests) and queues the rest: %4 rounds; TTFT and time per token are a full round&apos;s, throughput is over the whole run.</source>
        <translation>%1 同时运行 %3 个请求中的 %2 个（受其运行请求数上限限制：inference.max_running_requests），其余排队：共 %4 轮；首字延迟和每词元时间为一整轮的数值，吞吐量按整个运行计算。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="75"/>
        <source>%1 runs %2 of the %3 requests at once (what its KV cache holds for their whole length) and queues the rest: %4 rounds; TTFT and time per token are a full round&apos;s, throughput is over the whole run.</source>
        <translation>%1 同时运行 %3 个请求中的 %2 个（其 KV 缓存按完整长度所能容纳的数量），其余排队：共 %4 轮；首字延迟和每词元时间为一整轮的数值，吞吐量按整个运行计算。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="79"/>
        <source>%1 with %2 x %3</source>
        <translation>%1，配 %2 × %3</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="80"/>
        <source>%1 x %2 at %3 CNY (%4) + host platform %5 USD (planning default)</source>
        <translation>%1 × %2，单价 %3 元人民币（%4）+ 主机平台 %5 美元（规划默认值）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="81"/>
        <source>%1 x %2 at %3 USD (%4) + host platform %5 USD (planning default)</source>
        <translation>%1 × %2，单价 %3 美元（%4）+ 主机平台 %5 美元（规划默认值）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="82"/>
        <source>%1 x %2 at %3 USD + host platform %4 USD (planning default)</source>
        <translation>%1 × %2，单价 %3 美元 + 主机平台 %4 美元（规划默认值）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="83"/>
        <source>%1% faster, but needs %2 GiB per GPU (%3 over capacity)</source>
        <translation>快 %1%，但每张 GPU 需要 %2 GiB（超出容量 %3）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="85"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="86"/>
        <source>%1: %2 x TDP a GPU (the draw metered on DGX H100 in training) gives %3 kW, above the %4 kW the server takes at most: its expected draw is taken at that maximum.</source>
        <translation>%1：每块 GPU 按 %2 × TDP（DGX H100 训练时实测的整机功耗）计为 %3 kW，超过该服务器的最大输入 %4 kW：预计功耗按该最大值计。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="96"/>
        <source>16-bit weights only</source>
        <translation>仅 16 位权重</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="97"/>
        <source>3 x the forward FLOPs per image, scaled by (resolution / base)²</source>
        <translation>每张图像 3 × 前向 FLOPs，按（分辨率 / 原生分辨率）² 缩放</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="98"/>
        <source>6N + 12*layers*hidden*seq per token (PaLM); no causal discount</source>
        <translation>每 token 6N + 12 × 层数 × 隐藏维 × 序列长（PaLM）；不按因果掩码折半</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="99"/>
        <source>A checkpoint takes %1 min to write, longer than the %2 min between interruptions on %3 GPUs: the job would lose every checkpoint it starts. Plan faster storage or fewer GPUs.</source>
        <translation>写一次检查点需 %1 分钟，长于 %3 块 GPU 上两次中断之间的 %2 分钟：作业开始写的每个检查点都会丢失。请规划更快的存储或更少的 GPU。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="102"/>
        <source>Admitting requests by the cache they hold rather than their whole length fits this batch (%1&apos;s MAX_UTILIZATION scheduler, which pauses requests when the cache fills): set inference.kv_admission to in-use.</source>
        <translation>按请求实际占用的缓存而非其完整长度准入即可容纳此批量（%1 的 MAX_UTILIZATION 调度器，缓存占满时暂停请求）：将 inference.kv_admission 设为 in-use。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="105"/>
        <source>BS 1363 wall socket, 13 A (%1 V)</source>
        <translation>BS 1363 墙面插座，13 A（%1 V）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="108"/>
        <source>CEE 7/7 (Schuko) wall socket, 16 A (%1 V)</source>
        <translation>CEE 7/7（Schuko）墙面插座，16 A（%1 V）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="114"/>
        <source>CUDA graphs off: %1 launches the %2 kernels of each forward pass from Python, %3 ms of host time a pass (%4 µs a kernel, eager PyTorch&apos;s dispatch and launch); where the GPU&apos;s work takes less, the GPU waits for the host (small models and small batches).</source>
        <translation>CUDA 图已关闭：%1 每次前向传播的 %2 个内核都从 Python 逐个启动，每次前向传播耗费 %3 ms 主机时间（每个内核 %4 µs，即 eager PyTorch 的分派与启动）；当 GPU 的计算时间更短时，GPU 需等待主机（小模型和小批量时）。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="120"/>
        <source>Data-parallel traffic across nodes is %1 of the step, costed at each GPU&apos;s own NIC share. On a rail-optimized fabric NCCL spreads it over every NIC of a node (MosaicML&apos;s FSDP runs on H100 kept their speed from 8 to 64 GPUs); set assumptions.node_striped_collectives to cost it so.</source>
        <translation>跨节点的数据并行流量占每步时间的 %1，按每块 GPU 自己那份网卡带宽计算。在轨道优化网络上，NCCL 会把它分摊到节点内的全部网卡（MosaicML 在 H100 上的 FSDP 运行从 8 卡扩到 64 卡速度未降）；如需按此计算，请设置 assumptions.node_striped_collectives。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="124"/>
        <source>Data-parallel traffic between nodes is %1 of this step. Where it is %2 or more, published runs of one job differ by site: against %3 of them (%4 sources) the estimate is %5-%6 times the measured speed (median %7), so the time band is ±%8%.</source>
        <translation>节点间的数据并行通信占本步时间的 %1。该占比达到 %2 及以上时，同一作业在不同站点的公开运行结果差异较大：与其中 %3 个运行（%4 个来源）相比，估计速度是实测的 %5-%6 倍（中位数 %7 倍），因此时间误差带为 ±%8%。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="131"/>
        <source>Decoding the images on the CPU wants %1 CPU cores a node; the server has %2: loading may hold the GPUs back. Decode on the GPUs (NVIDIA DALI) or store the images smaller.</source>
        <translation>在 CPU 上解码图像每节点需要 %1 个 CPU 核，服务器只有 %2 个：数据加载可能拖慢 GPU。请在 GPU 上解码（NVIDIA DALI），或以更小的尺寸存储图像。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="134"/>
        <source>DeepSpeed PipelineModule: pipeline parallelism with ZeRO-1 at most (ZeRO-2/3 are not supported with pipelines); the model&apos;s FlashAttention-2</source>
        <translation>DeepSpeed PipelineModule：流水线并行，最多配合 ZeRO-1（流水线不支持 ZeRO-2/3）；使用模型自带的 FlashAttention-2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="136"/>
        <source>DeepSpeed ZeRO (stages 0-3, overlap_comm; from ZeRO-2 on the gradients reduce-scattered after every micro-batch), DeepSpeed-MoE expert parallelism (a plain all-to-all) and DeepSpeed-Ulysses sequence parallelism; no tensor or pipeline parallelism of its own; the model&apos;s FlashAttention-2</source>
        <translation>DeepSpeed ZeRO（0-3 阶段，overlap_comm；ZeRO-2 起每个微批次后对梯度做 reduce-scatter）、DeepSpeed-MoE 专家并行（普通 all-to-all）和 DeepSpeed-Ulysses 序列并行；自身不提供张量并行或流水线并行；使用模型自带的 FlashAttention-2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="140"/>
        <source>Does not fit: %1 GiB needed per GPU with TP=%2, %3 GiB available (%4 gives the KV cache %5 of the memory left after the weights).</source>
        <translation>显存不足：TP=%2 时每卡需要 %1 GiB，可用 %3 GiB（%4 把加载权重后剩余显存的 %5 分给 KV 缓存）。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="146"/>
        <source>Does not fit: the step&apos;s largest phase needs %1 GiB per GPU of the %2 GiB; use more GPUs, offload the training states, or lower the engine&apos;s memory share.</source>
        <translation>显存不足：单步中最大的阶段每卡需要 %1 GiB，而容量为 %2 GiB；请增加 GPU、卸载训练状态，或降低推理引擎的显存占比。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="149"/>
        <source>EP=%1 spans TP x DP (MoE parallel folding): costed as %2 expert groups over the data-parallel ranks, each expert split over the TP=%3 ranks, the same %1-way split of every expert layer.</source>
        <translation>EP=%1 跨越 TP × DP（MoE 并行折叠）：按数据并行进程上的 %2 个专家组计算，每个专家再拆分到 TP=%3 个进程上，每个专家层同样是 %1 路拆分。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="158"/>
        <source>FP8 parameters (training.weight_dtype fp8, as NeMo&apos;s fp8_params) would hold the weights in %1 GiB per GPU instead of %2 and spare their cast each step; the estimate keeps 16-bit weights unless the scenario sets it.</source>
        <translation>改用 FP8 参数（training.weight_dtype fp8，即 NeMo 的 fp8_params）可将每卡权重从 %2 GiB 降到 %1 GiB，并省去每步的类型转换；除非场景中设置，估算仍按 16 位权重计算。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="161"/>
        <source>GB 2099.1 / GB 1002 wall socket, %1 A (220 V)</source>
        <translation>GB 2099.1 / GB 1002 墙面插座，%1 A（220 V）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="164"/>
        <source>Host a node: %1 CPU cores = %2 GPU processes + %3 data-loader cores (min %4); %5 GB memory = %6 x %7 GB of GPU memory</source>
        <translation>每节点主机：%1 个 CPU 核 = %2 个 GPU 进程 + %3 个数据加载核（至少 %4）；%5 GB 内存 = %6 × %7 GB 显存</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="166"/>
        <source>Hugging Face Transformers with PEFT (Trainer / Accelerate), as fine-tuning tools run it: the model&apos;s modules op by op (no torch.compile, no fused kernels), SDPA FlashAttention-2, the loss over logits upcast to fp32, MoE experts one by one (before Transformers v5), DeepSpeed ZeRO or FSDP, DeepSpeed-Ulysses sequence parallelism; no tensor or pipeline parallelism</source>
        <translation>Hugging Face Transformers 加 PEFT（Trainer / Accelerate），即常见微调工具的运行方式：模型各模块逐算子执行（不用 torch.compile，没有融合内核），SDPA FlashAttention-2，损失前将 logits 升为 fp32，MoE 专家逐个执行（Transformers v5 之前），DeepSpeed ZeRO 或 FSDP，DeepSpeed-Ulysses 序列并行；没有张量并行和流水线并行</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="176"/>
        <source>Import a vendor quote for %1: they keep every other limit and goal, and only their price is unknown.</source>
        <translation>为 %1 导入厂商报价：它们满足其余所有限制和目标，只是价格不详。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="178"/>
        <source>Independent published sources of this kind judged: %1, fewer than the %2 a band of its own needs. The band, ±%3%, is that of every kind (%4 sources), at least the worst error among its own.</source>
        <translation>已评估的同类独立公开来源：%1 个，少于单独给出区间所需的 %2 个。区间 ±%3% 取自所有类别（%4 个来源），且不小于同类来源中的最大误差。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="181"/>
        <source>Interruptions expected over the run: %1 (one every %2 h on %3 GPUs): with a checkpoint every %4 min and %5-min restarts, %6 of the wall-clock time is training.</source>
        <translation>整个任务预计中断次数：%1（%3 块 GPU 上平均每 %2 小时一次）：每 %4 分钟保存检查点、每次重启 %5 分钟，实际时间中 %6 用于训练。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="184"/>
        <source>Korthikanti et al. 2022, generalised to GQA and SwiGLU</source>
        <translation>Korthikanti 等 2022，推广到 GQA 与 SwiGLU</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="190"/>
        <source>Mixture-of-experts serving is modelled in part: a pass reads the experts its tokens are routed to, moves each token to them and back, runs their grouped GEMMs at the efficiency of few rows times the experts&apos; share fitted on MoE training runs, and pays each MoE layer&apos;s routing work (router, top-k, sorting by expert, per-expert tiles) at the GPU&apos;s SM rate, fitted on one SGLang run. Against the published MoE runs (TensorRT-LLM: Qwen3-30B-A3B on one B200 or GB200, Mixtral 8x7B on H100, H200, L40S and A100; SGLang: Qwen3-30B-A3B and 235B-A22B on H20s at batch 1) the estimate is %1-%2 times the measured speed (median %3): ±%4%.</source>
        <translation>混合专家（MoE）推理部分建模：每次前向只读取 token 被路由到的专家，把每个 token 发往专家再取回，按少行数的效率乘以在 MoE 训练实测上拟合的专家效率占比计算分组 GEMM，并按 GPU 的 SM 速率计入每个 MoE 层的路由开销（路由器、top-k、按专家排序、逐专家分块），该项在一次 SGLang 实测上拟合。与公布的 MoE 实测（TensorRT-LLM：单卡 B200 或 GB200 上的 Qwen3-30B-A3B，H100、H200、L40S 和 A100 上的 Mixtral 8x7B；SGLang：H20 上批大小为 1 的 Qwen3-30B-A3B 和 235B-A22B）相比，估算为实测速度的 %1-%2 倍（中位数 %3）：±%4%。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="205"/>
        <source>NEMA 5-%1R wall outlet (120 V)</source>
        <translation>NEMA 5-%1R 墙面插座（120 V）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="206"/>
        <source>NEMA 6-%1R wall outlet (208 V)</source>
        <translation>NEMA 6-%1R 墙面插座（208 V）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="214"/>
        <source>Nearest part you can buy there: %1 × %2 (%3).</source>
        <translation>当地可买到的最接近的型号：%1 × %2（%3）。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="217"/>
        <source>No deadline is set: plans that take more than %1 days rank after those that finish within that; set a deadline to say what is sensible.</source>
        <translation>未设置截止期限：耗时超过 %1 天的方案排在能在此期限内完成的方案之后；请设置截止期限，说明多长时间合理。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="227"/>
        <source>No plan with %1: %2.</source>
        <translation>%1 没有可行方案：%2。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="228"/>
        <source>No plan with %1: consumer (GeForce) cards are excluded; allow them on the deployment page (constraints.allow_consumer_gpus).</source>
        <translation>%1 没有可行方案：已排除消费级（GeForce）显卡；可在部署页面允许使用（constraints.allow_consumer_gpus）。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="230"/>
        <source>No plan with %1: the catalog has no published memory size or bandwidth for it, which every estimate needs.</source>
        <translation>%1 没有可行方案：目录中没有它公开的显存容量或带宽，而每项估算都需要这些数据。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="232"/>
        <source>No published mixture-of-experts run on %1 in %2 to check against: the time band is widened to ±%3%.</source>
        <translation>在 %1（%2）上训练混合专家（MoE）模型，没有可对照的公开运行：时间误差区间放宽到 ±%3%。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="240"/>
        <source>No serving constant is fitted on a published run of %1 on %2 parts: the estimate uses the shares fitted on NVIDIA GPUs, which the published runs there (%3) only judge. The band, ±%4%, is at least their worst error and at least that of an estimate no published run covers.</source>
        <translation>没有任何服务常数是在 %2 硬件上运行 %1 的公开实测上拟合的：本估算沿用在 NVIDIA GPU 上拟合的比例，该硬件上的公开实测（%3）仅用于检验。误差带 ±%4% 不小于这些实测的最大误差，也不小于没有公开实测覆盖时的误差带。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="244"/>
        <source>North America</source>
        <translation>北美</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="251"/>
        <source>PP=%1 splits %2 layers unevenly: the stage with %3 layers sets the pace, and the estimate costs it (and its memory) so.</source>
        <translation>PP=%1 无法均分 %2 层：层数最多的阶段有 %3 层，决定整条流水线的速度，估算按它计算时间（和显存）。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="253"/>
        <source>Planned on %1: the catalog&apos;s first server for %2, %3, misses the site (%4).</source>
        <translation>按 %1 规划：目录中 %2 的首选服务器 %3 不满足场地要求（%4）。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="254"/>
        <source>PyTorch FSDP / FSDP2: NO_SHARD, SHARD_GRAD_OP (ZeRO-2) or FULL_SHARD (ZeRO-3), SDPA FlashAttention-2; no tensor or pipeline parallelism</source>
        <translation>PyTorch FSDP / FSDP2：NO_SHARD、SHARD_GRAD_OP（ZeRO-2）或 FULL_SHARD（ZeRO-3），SDPA FlashAttention-2；无张量并行或流水线并行</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="258"/>
        <source>Rent instead: %1 × %2 from %3 keeps every limit and goal you set (%4 %5).</source>
        <translation>改为租用：从 %3 租用 %1 × %2 可满足您设定的全部限制和目标（%4 %5）。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="260"/>
        <source>SGLang is estimated with vLLM&apos;s speeds: no published SGLang run has been judged.</source>
        <translation>SGLang 按 vLLM 的速度估算：尚无经核对的 SGLang 公开实测。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="267"/>
        <source>Server price from your quote for the GPUs, with the host platform at a planning default: %1. Quote the host platform too.</source>
        <translation>服务器价格采用你的 GPU 报价，主机平台按规划默认值：%1。请同时询价主机平台。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="273"/>
        <source>Sized for the target at %1 requests per replica, the most its KV cache holds (no latency limit set): set inference.batch, concurrent_users or max_tpot_s to size the replicas for your own load.</source>
        <translation>按每个副本 %1 个请求来满足吞吐目标，即其 KV 缓存能容纳的最大批量（未设时延上限）：设定 inference.batch、concurrent_users 或 max_tpot_s，可按你自己的负载确定副本。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="276"/>
        <source>Sized for the target at %1 requests per replica, the most its KV cache holds within your latency limits: set inference.batch or concurrent_users to size the replicas for your own load.</source>
        <translation>按每个副本 %1 个请求来满足吞吐目标，即在你的时延上限内其 KV 缓存能容纳的最大批量：设定 inference.batch 或 concurrent_users，可按你自己的负载确定副本。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="280"/>
        <source>Small models&apos; whole runs take well more than their steps: %1 published pretraining totals of 1-%2B models came in up to %3% above estimates made this way (median %4%; short steps on many GPUs, input pipeline, evaluation, restarts). Budget GPU-hours with that margin.</source>
        <translation>小模型的完整训练远多于其训练步骤所需：%1 个 1-%2B 模型的公开预训练总量比按此方法所作估算最多高出 %3%（中位数 %4%；多 GPU 上的短步骤、输入管线、评估、重启）。请按此余量预留 GPU 小时。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="295"/>
        <source>TensorRT-LLM runs on NVIDIA GPUs only: %1 is planned with vLLM.</source>
        <translation>TensorRT-LLM 只能在 NVIDIA GPU 上运行：%1 按 vLLM 规划。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="299"/>
        <source>The %1 experts run one after another, as Hugging Face Transformers before v5 runs them: each its own small kernels, and under ZeRO-3 each expert&apos;s weights gathered on demand. Megatron-Core, torchtitan or Transformers v5 run them as grouped GEMMs.</source>
        <translation>%1 个专家逐个执行，与 Hugging Face Transformers v5 之前的做法相同：每个专家各自启动一组小内核；在 ZeRO-3 下每个专家的权重按需逐个收集。Megatron-Core、torchtitan 或 Transformers v5 以分组 GEMM 执行它们。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="303"/>
        <source>The GPU %1 names the scale-up fabric %2, which the fabrics table does not state; it is planned over PCIe only.</source>
        <translation>GPU %1 指定的纵向扩展互联 %2 不在互联表中；按仅 PCIe 规划。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="305"/>
        <source>The RL step&apos;s three constants (its passes&apos; and its rollout&apos;s share of the training and serving estimates, the weight sync&apos;s cost a layer) are fitted on the phase times of %1 and judged on %2 runs of %3: ±%4% is at least the worst error there, sources of one framework (NeMo RL), too few for a band of stated coverage.</source>
        <translation>RL 单步的三个常数（前向/训练计算与采样生成分别相对训练、推理估算的效率占比，以及权重同步每层的开销）按 %1 公布的各阶段耗时拟合，并在 %3 的 %2 个实测上核对：±%4% 至少等于其中的最大误差；这些来源都出自同一框架（NeMo RL），数量太少，尚不足以给出有明确覆盖率的误差带。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="310"/>
        <source>The band, ±%1%, is taken over %2 independent published sources of this kind, each weighing one however many runs it published and each judged with its own runs left out of the fit: it is meant to hold %3 % of a new source&apos;s runs.</source>
        <translation>区间 ±%1% 基于 %2 个同类独立公开来源得出，每个来源无论发布多少次运行都只计一份权重，且每个来源都在其自身运行不参与拟合的情况下评估：预计可覆盖一个新来源 %3 % 的运行。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="314"/>
        <source>The band, ±%1%, is widened beyond the %2 independent published sources of this kind judged, each weighing one however many runs it published.</source>
        <translation>区间 ±%1% 已在已评估的 %2 个同类独立公开来源之外放宽，每个来源无论发布多少次运行都只计一份权重。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="316"/>
        <source>The catalog has no 16-bit tensor rate for %1: its GEMMs are costed at its FP32 rate, which it surely reaches, so prompts and large batches come out slower than they may run; single-stream decode, which reads memory, is not affected.</source>
        <translation>目录中没有 %1 的 16 位张量算力：其矩阵乘按一定能达到的 FP32 算力计算，因此提示词处理和大批量可能比实际更慢；单请求解码受显存带宽限制，不受影响。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="320"/>
        <source>The catalog states no scale-out NIC for %1 servers: planned at one %2 Gb/s port per GPU (a default); give the node&apos;s network bandwidth in the scenario, or the NIC port in its fabric row of the catalog, where it is known.</source>
        <translation>目录未给出 %1 服务器的横向扩展网卡：按每 GPU 一个 %2 Gb/s 端口规划（默认值）；如已知，请在场景中填写节点网络带宽，或在目录中其互联行填写网卡端口速率。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="323"/>
        <source>The catalog&apos;s figures for %1 are estimates (no vendor datasheet found): so is everything computed from them; check their source on the catalog tab.</source>
        <translation>目录中 %1 的参数是估计值（未找到厂商规格书）：由此算出的一切同样只是估计；请在目录页查看其来源。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="325"/>
        <source>The critic is costed as a model of its architecture trained like the policy (its value head in place of the vocabulary is not told apart).</source>
        <translation>价值模型（critic）按其架构、以与策略模型相同的方式训练来估算（未区分其以价值头代替词表输出层）。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="327"/>
        <source>The data loaders and GPU processes want %1 CPU cores a node; the server has %2: loading may hold the GPUs back.</source>
        <translation>数据加载与 GPU 进程每节点需要 %1 个 CPU 核，服务器只有 %2 个：数据加载可能拖慢 GPU。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="329"/>
        <source>The dataset and a checkpoint shard take %1 TB a node, more than its %2 TB of local NVMe: stream the data from the shared store (sized below) or add drives.</source>
        <translation>数据集与一个检查点分片每节点需 %1 TB，超过其 %2 TB 本地 NVMe：请从共享存储（容量见下）流式读取数据，或加装硬盘。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="332"/>
        <source>The job reads %1 GB/s of training data, more than the shared store&apos;s %2 GB/s: copy the dataset to each node&apos;s NVMe, or plan a faster store.</source>
        <translation>作业读取训练数据 %1 GB/s，超过共享存储的 %2 GB/s：请把数据集复制到各节点的 NVMe，或规划更快的存储。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="335"/>
        <source>The longest response is taken as %1 tokens (twice the mean): a synchronous step waits for it. Set rl.max_response_tokens to the run&apos;s limit.</source>
        <translation>最长回答按 %1 token 计（平均长度的两倍）：同步的单步要等它生成完。请把 rl.max_response_tokens 设为本次训练的长度上限。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="337"/>
        <source>The purchase price</source>
        <translation>采购价格</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="338"/>
        <source>The purchase price is from %1, over 12 months ago: ask a vendor for a current quote.</source>
        <translation>采购价格来自 %1，已超过 12 个月：请向供应商索取最新报价。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="340"/>
        <source>The purchase price is undated (%1): ask a vendor for a quote before relying on it.</source>
        <translation>采购价格没有日期（%1）：使用前请向供应商索取报价。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="342"/>
        <source>The purchase price may date from as early as %1, over 12 months ago: ask a vendor for a current quote.</source>
        <translation>采购价格最早可能来自 %1，已超过 12 个月：请向供应商索取最新报价。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="344"/>
        <source>The rental price</source>
        <translation>租用价格</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="349"/>
        <source>The rental price may date from as early as %1, over 12 months ago: check the provider&apos;s current price.</source>
        <translation>租用价格最早可能来自 %1，已超过 12 个月：请查询服务商的当前价格。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="351"/>
        <source>The reward is taken as a rule or a verifier run on the host (no reward model&apos;s forward pass); set rl.reward_model for a learned one.</source>
        <translation>奖励按在主机上运行的规则或校验器计算（不含奖励模型的前向计算）；若使用学习得到的奖励模型，请设置 rl.reward_model。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="353"/>
        <source>The server&apos;s NVMe writes a node&apos;s checkpoint shard (%1 GB) in %2 s at %3 GB/s</source>
        <translation>服务器的 NVMe 以 %3 GB/s 在 %2 秒内写完一个节点的检查点分片（%1 GB）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="357"/>
        <source>Tight: %1 GiB allocated per GPU fits the %2 GiB of %3 with %4 GiB to spare, but with the allocator&apos;s reserve it comes to %5 GiB. Runs like this work with PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True; leave room if you can.</source>
        <translation>偏紧：每张 GPU 实际分配 %1 GiB，放得进 %3 的 %2 GiB，余量 %4 GiB；但算上分配器的预留会到 %5 GiB。这样的运行配合 PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True 可以跑通；条件允许时请留出余量。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="361"/>
        <source>Tight: %1 sequences need %2 of the memory %3 shares out, more than the %4 it is given; set its KV-cache memory fraction to %5 (inference.kv_cache_memory_fraction; TensorRT-LLM&apos;s own benchmarks use %6).</source>
        <translation>偏紧：%1 条序列需要 %3 可分配显存的 %2，超过它得到的 %4；请把它的 KV 缓存显存比例设为 %5（inference.kv_cache_memory_fraction；TensorRT-LLM 自己的基准测试用 %6）。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="364"/>
        <source>Trains on %1 of the %2 GPUs bought (%3 x %4): the other %5 stay idle during this job.</source>
        <translation>训练只用所购 %2 块 GPU 中的 %1 块（%3 × %4）：其余 %5 块在本任务中闲置。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="366"/>
        <source>Trains on %1 of the %2 GPUs bought: %3 of each rack&apos;s %4, as NVIDIA&apos;s own NVL72 training runs do, the other %5 of each rack spare for a failed tray.</source>
        <translation>训练只用所购 %2 块 GPU 中的 %1 块：每个机柜 %4 块中用 %3 块（NVIDIA 自己的 NVL72 训练也这样做），每柜其余 %5 块留作计算托盘故障时的备用。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="370"/>
        <source>Whole runs take more than their steps and the interruptions modelled: %1 published pretraining totals came in up to %2% above estimates made this way (median %3%; restarts, stalls, loss spikes). Budget GPU-hours with that margin.</source>
        <translation>完整训练耗时多于训练步骤与所建模的中断：%1 个公开的预训练总量比按此方法所作估算最多高出 %2%（中位数 %3%；重启、停顿、损失尖峰）。请按此余量预留 GPU 小时。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="390"/>
        <source>a liquid-cooled rack needs %1 cooling; the site has %2</source>
        <translation>液冷机柜需要%1散热；机房为%2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="394"/>
        <source>between %1 and %2</source>
        <translation>%1 至 %2 之间</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="400"/>
        <source>checkpoints written to the shared store at its %1 GB/s</source>
        <translation>检查点以共享存储的 %1 GB/s 写入</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="403"/>
        <source>cost unknown (no price for it), so the budget of %1 %2 cannot be checked</source>
        <translation>成本不详（没有价格），无法核对 %1 %2 的预算</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="404"/>
        <source>costs %1 %2 (budget %3 %2)</source>
        <translation>花费 %1 %2（预算 %3 %2）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="406"/>
        <source>estimated from the U-Net&apos;s architecture (16-bit tensors kept for backward), scaled the same way</source>
        <translation>由 U-Net 架构估算（为反向传播保留的 16 位张量），按同样方式缩放</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="409"/>
        <source>expected draw = %1 x GPU TDP per GPU incl. host (MLPerf Training v4.0 metered)</source>
        <translation>预计功耗 = 每 GPU %1 × GPU TDP（含主机；MLPerf Training v4.0 实测）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="411"/>
        <source>expected draw = %1 x GPU TDP per GPU incl. host (training level, an upper bound)</source>
        <translation>预计功耗 = 每 GPU %1 × GPU TDP（含主机；按训练负载计，为上限）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="417"/>
        <source>floor loading unknown (the server&apos;s weight is not in the catalog); the floor is rated %1 kg/m²</source>
        <translation>地面荷载未知（目录中没有服务器重量）；地面额定荷载 %1 kg/m²</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="419"/>
        <source>generic %1-GPU SXM/OAM baseboard server (%2U, 1U a GPU as DGX H100)</source>
        <translation>通用 %1 卡 SXM/OAM 基板服务器（%2U，按 DGX H100 每卡 1U 计）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="420"/>
        <source>generic 4-GPU tower workstation (4U when racked)</source>
        <translation>通用 4 卡塔式工作站（上架时占 4U）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="421"/>
        <source>generic 4U server with 8 PCIe GPUs (as ASRock Rack 4U8G)</source>
        <translation>通用 4U 8 卡 PCIe 服务器（参照 ASRock Rack 4U8G）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="422"/>
        <source>generic 8-GPU SXM/OAM baseboard server (8U, as DGX H100)</source>
        <translation>通用 8 卡 SXM/OAM 基板服务器（8U，参照 DGX H100）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="423"/>
        <source>has %1 fields, not 5 (item, unit_price, currency, date, note); a note with a comma goes in quotes</source>
        <translation>有 %1 个字段，而不是 5 个（item、unit_price、currency、date、note）；含逗号的备注要加引号</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="425"/>
        <source>holds a &quot; outside quotes: put the field in quotes and write each &quot; twice</source>
        <translation>引号外含有 &quot;：请给该字段加引号，并把其中每个 &quot; 写两遍</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="426"/>
        <source>holds the control character U+%1 at character %2; a quote holds printable text only</source>
        <translation>第 %2 个字符是控制字符 U+%1；报价只能包含可打印文本</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="430"/>
        <source>is %1 characters long; a field holds at most %2</source>
        <translation>长 %1 个字符；一个字段最多 %2 个字符</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="431"/>
        <source>layers x kv_heads x (K + V head dims) x bytes per token (MLA: its latent + rotary key; a sliding-window layer keeps its window); TP splits KV heads; room for input + output tokens per sequence where the engine reserves it (TensorRT-LLM, llama.cpp), else for the mean occupancy, input + output / 2 (vLLM)</source>
        <translation>层数 × kv_heads × (K + V 头维度) × 每 token 字节数（MLA：其潜向量 + 旋转位置键；滑动窗口层只保留窗口内的 token）；TP 切分 KV 头；引擎预留整条序列时（TensorRT-LLM、llama.cpp）每条序列按输入 + 输出 token 预留，否则按平均占用即输入 + 输出 / 2 预留（vLLM）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="442"/>
        <source>measured per image (scripts/measure_cnn_activations.py), scaled the same way</source>
        <translation>逐图像实测（scripts/measure_cnn_activations.py），按同样方式缩放</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="443"/>
        <source>more than a rear-door heat exchanger removes</source>
        <translation>超出背板换热器的散热能力</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="446"/>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="651"/>
        <source>must be above 0 and at most %1</source>
        <translation>必须大于 0 且不超过 %1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="450"/>
        <source>needs a US export licence, reviewed case by case since 2026-01-15 (ECCN 3A090.a, TPP %1)</source>
        <translation>需要美国出口许可，自 2026-01-15 起逐案审查（ECCN 3A090.a，TPP %1）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="454"/>
        <source>no US export licence needed (TPP %1, below ECCN 3A090)</source>
        <translation>无需美国出口许可（TPP %1，低于 ECCN 3A090 门槛）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="455"/>
        <source>no catalog server holds these GPUs, so a generic chassis of their class stands in and its power, racks and price are indicative: ask a vendor for a server, add it in the catalog tab (Servers &gt; Add your own…), then import its quote (File &gt; Import a vendor quote, or `gpuplanner import-quote`)</source>
        <translation>目录中没有装这些 GPU 的服务器，因此以其类别的通用机箱代替，其功率、机柜和价格仅供参考：请向厂商索取服务器，在“硬件目录”页中添加（服务器 &gt; 添加自定义…），再导入其报价（文件 &gt; 导入厂商报价（CSV）…，或 `gpuplanner import-quote`）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="459"/>
        <source>no date</source>
        <translation>无日期</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="460"/>
        <source>no layout fits in its memory at any GPU count searched</source>
        <translation>在所搜索的任何 GPU 数量下都没有能放进其显存的布局</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="461"/>
        <source>no layout fits in its memory on %1 GPUs</source>
        <translation>在 %1 块 GPU 上没有能放进其显存的布局</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="462"/>
        <source>no layout fits in its memory on one GPU</source>
        <translation>单块 GPU 的显存容纳不下任何布局</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="463"/>
        <source>no plan has a price to rank by: the fewest GPUs that fit and meet the goals, cost n/a</source>
        <translation>没有方案有价格可供排序：取放得下且满足目标的最少 GPU 数量，成本不详</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="465"/>
        <source>no plan has a price to rank by: the fewest GPUs that fit, cost n/a</source>
        <translation>没有方案有价格可供排序：取放得下的最少 GPU 数量，成本不详</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="466"/>
        <source>no provider in the catalog rents it</source>
        <translation>目录中没有提供商出租它</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="467"/>
        <source>no purchase price: cost n/a</source>
        <translation>没有购买价格：成本不详</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="468"/>
        <source>no purchase price: cost n/a, ranked after the plans with a price</source>
        <translation>没有购买价格：成本不详，排在有价格的方案之后</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="469"/>
        <source>no regional filter</source>
        <translation>不按地区筛选</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="470"/>
        <source>not confirmed (%1)</source>
        <translation>未经确认（%1）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="471"/>
        <source>not confirmed: at TPP %1 ECCN 3A090 turns on the die&apos;s performance density, which the catalog does not have</source>
        <translation>未经确认：TPP 为 %1 时，ECCN 3A090 是否适用取决于芯片的性能密度，而目录中没有该数据</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="473"/>
        <source>not confirmed: the catalog has no compute figures to place it under the export rules</source>
        <translation>未经确认：目录中没有算力数据，无法按出口管制规则归类</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="475"/>
        <source>on %1 GPUs an interruption comes about every %2 min, sooner than a restart and a checkpoint take, so the run never finishes: use fewer GPUs</source>
        <translation>在 %1 块 GPU 上约每 %2 分钟就会中断一次，比一次重启加一次检查点所需的时间还短，训练永远无法完成：请减少 GPU 数量</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="478"/>
        <source>one node draws %1 A on one circuit (its supplies are not in the catalog, so it cannot be split); a circuit carries %2 A</source>
        <translation>单个节点在一条回路上取电 %1 A（目录中没有其电源数据，无法分到多条回路）；一条回路允许 %2 A</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="483"/>
        <source>one supply cord draws %1 A when its feed carries the node alone; a circuit carries %2 A</source>
        <translation>单路承载节点时单根电源线电流 %1 A；一条回路允许 %2 A</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="485"/>
        <source>power unknown: the catalog has no nameplate for %1, so no rack, circuit or cooling limit can be checked</source>
        <translation>功率未知：目录中没有 %1 的铭牌功率，无法核对机柜、回路与散热限制</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="487"/>
        <source>rack weight unknown (the server&apos;s weight is not in the catalog); a rack holds %1 kg</source>
        <translation>机柜重量不详（目录中没有该服务器的重量）；机柜承重 %1 kg</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="489"/>
        <source>read %1</source>
        <translation>%1 查阅</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="491"/>
        <source>red, 380-480 V</source>
        <translation>红色，380-480 V</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="492"/>
        <source>region not stated</source>
        <translation>未注明地域</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="493"/>
        <source>rented</source>
        <translation>租用</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="494"/>
        <source>rented in %1, outside %2</source>
        <translation>租用地点为%1，不在%2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="495"/>
        <source>rented where the source names no region: not shown to be in %1</source>
        <translation>租用价格的来源未注明地域：无法确认位于%1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="497"/>
        <source>server not in the catalog: a generic chassis stands in, so the plan ranks after those on a real server; ask a vendor for the server</source>
        <translation>服务器不在目录中：以通用机箱代替，因此排在采用真实服务器的方案之后；请向厂商索取该服务器</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="501"/>
        <source>text follows the &quot; that closes this field</source>
        <translation>该字段的结束引号 &quot; 之后还有文字</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="502"/>
        <source>the &quot; that opens this field is not closed on its line</source>
        <translation>该字段开头的引号 &quot; 在本行内没有闭合</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="503"/>
        <source>the best of the modern stacks: FlashAttention, sequence parallelism with TP, overlapped gradient reduce, ZeRO 0-3, context parallelism for long sequences, expert parallelism for MoE (no stack chosen)</source>
        <translation>现代软件栈中的最优组合：FlashAttention，张量并行时启用序列并行，梯度规约与计算重叠，ZeRO 0-3，长序列使用上下文并行，MoE 使用专家并行（未选择软件栈）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="506"/>
        <source>the catalog lacks its %1, which the estimate needs (add them in the catalog tab)</source>
        <translation>目录中缺少其%1，估算需要该参数（请在目录页补充）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="508"/>
        <source>the floor rating (%1 kg/m²) cannot be checked without the empty rack&apos;s weight (constraints.site.rack_empty_kg)</source>
        <translation>缺少空机柜重量，无法核对地面额定荷载（%1 kg/m²）（constraints.site.rack_empty_kg）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="510"/>
        <source>the longer of the math at %1 of the dense peak and %2 x the stored activation bytes through HBM; fitted to MLPerf Training v3.1 stable_diffusion (8 x H100)</source>
        <translation>取以下两者中较长者：按稠密峰值的 %1 完成计算，或让所存激活值字节数的 %2 倍流经 HBM；拟合自 MLPerf Training v3.1 stable_diffusion（8 × H100）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="513"/>
        <source>the longer of the math at %1 of the dense peak and %2 x the stored activation bytes through HBM; fitted to NVIDIA DeepLearningExamples A100 runs</source>
        <translation>取以下两者中较长者：按稠密峰值的 %1 完成计算，或让所存激活值字节数的 %2 倍流经 HBM；拟合自 NVIDIA DeepLearningExamples 的 A100 实测</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="516"/>
        <source>three tiers (%1 pods)</source>
        <translation>三层（%1 个 pod）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="517"/>
        <source>torchtitan: FSDP2 (ZeRO-2/3) with tensor parallelism (sequence parallel), pipeline, context and expert parallelism</source>
        <translation>torchtitan：FSDP2（ZeRO-2/3）配合张量并行（序列并行）、流水线并行、上下文并行和专家并行</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="519"/>
        <source>trained weights and optimizer states</source>
        <translation>所训练的权重与优化器状态</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="520"/>
        <source>transformer matrices in %1, dequantized to 16-bit one layer at a time; embeddings, norms and output head 16-bit</source>
        <translation>Transformer 权重矩阵为 %1，逐层反量化为 16 位；嵌入层、归一化层和输出头为 16 位</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="522"/>
        <source>transformer matrices in %1, read by the GEMMs; embeddings, norms and output head 16-bit</source>
        <translation>Transformer 权重矩阵为 %1，由矩阵乘直接读取；嵌入层、归一化层和输出头为 16 位</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="524"/>
        <source>undated</source>
        <translation>未注明日期</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="525"/>
        <source>undated (%1)</source>
        <translation>未注明日期（%1）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="526"/>
        <source>unknown (power not published)</source>
        <translation>未知（未公布功率）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="527"/>
        <source>vLLM&apos;s prompt speed is an assumption (about 90 % of TensorRT-LLM&apos;s); its decode&apos;s share of memory bandwidth is fitted on one published run (an A100) and only judged on the others.</source>
        <translation>vLLM 的提示处理速度是一个假设（约为 TensorRT-LLM 的 90%）；其解码所用显存带宽比例拟合自一次公开实测（一块 A100），其他公开实测只用于检验。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="530"/>
        <source>yellow, 100-130 V</source>
        <translation>黄色，100-130 V</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="535"/>
        <source>%1 GPUs span servers of %2 but not whole ones: a tensor-parallel group across servers takes all the GPUs of each</source>
        <translation>%1 张 GPU 跨越每台 %2 卡的服务器但未占满整台：跨服务器的张量并行组须占用每台服务器的全部 GPU</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="540"/>
        <source>%1 does not divide the %2 rollout GPUs</source>
        <translation>%1 不能整除 %2 块生成 GPU</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="543"/>
        <source>%1 does not divide the model&apos;s %2 experts</source>
        <translation>%1 不能整除模型的 %2 个专家</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="545"/>
        <source>%1 does not divide the step&apos;s %2 sequences</source>
        <translation>%1 不能整除单步的 %2 条序列</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="547"/>
        <source>%1 exceeds the GPUs per node (%2)</source>
        <translation>%1 超过每节点 GPU 数（%2）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="548"/>
        <source>%1 groups do not divide %2 experts</source>
        <translation>%1 个分组不能整除 %2 个专家</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="549"/>
        <source>%1 has no CUDA-graph mode: leave it unset or false</source>
        <translation>%1 没有 CUDA 图模式：请不设置此项或设为 false</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="550"/>
        <source>%1 has no critic (PPO trains one)</source>
        <translation>%1 没有价值模型（critic，PPO 才训练它）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="557"/>
        <source>%1 is %2 MB; a log of at most 256 MB is read</source>
        <translation>%1 大小为 %2 MB；最多读取 256 MB 的日志</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="562"/>
        <source>%1 is after today: a run is dated the day it was measured</source>
        <translation>%1 晚于今天：运行应标注实测当天的日期</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="563"/>
        <source>%1 is empty</source>
        <translation>%1 是空文件</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="564"/>
        <source>%1 is more than %2 times off the estimate of its scenario, %3: check the figure and its unit</source>
        <translation>%1 与该场景的估算值 %3 相差超过 %2 倍：请核对此数字及其单位</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="567"/>
        <source>%1 is not a UNet2DConditionModel config</source>
        <translation>%1 不是 UNet2DConditionModel 的配置</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="568"/>
        <source>%1 is not a log this reads (vLLM or SGLang benchmark results, llama-bench JSON, Megatron-LM, torchtitan or Hugging Face Trainer output)</source>
        <translation>%1 不是可读取的日志（可读取：vLLM 或 SGLang 基准测试结果、llama-bench JSON、Megatron-LM、torchtitan 或 Hugging Face Trainer 的输出）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="575"/>
        <source>%1 layers recompute but the model has %2</source>
        <translation>要重计算 %1 层，但模型只有 %2 层</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="576"/>
        <source>%1 must be a positive whole number or one per block</source>
        <translation>%1 必须是正整数，或每个模块各给一个</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="577"/>
        <source>%1 of the %2 GPUs leave none for training</source>
        <translation>%2 块 GPU 中用 %1 块生成，没有留给训练的 GPU</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="582"/>
        <source>%1 tokens cannot be split into 2 x %2 equal chunks (ring attention balances causal work that way)</source>
        <translation>%1 个 token 无法均分为 2 × %2 段（环形注意力以此平衡因果注意力的计算量）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="584"/>
        <source>%1 training keeps %1 weights</source>
        <translation>%1 训练保留 %1 权重</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="585"/>
        <source>%1: %2 measures serving, but the scenario&apos;s task is %3</source>
        <translation>%1：%2 测量的是推理服务，但场景的任务是 %3</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="586"/>
        <source>%1: %2 measures training, but the scenario&apos;s task is inference</source>
        <translation>%1：%2 测量的是训练，但场景的任务是推理</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="587"/>
        <source>%1: %2 output with no complete measurement (a truncated log?)</source>
        <translation>%1：%2 的输出中没有完整的测量（日志被截断？）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="592"/>
        <source>%1: the JSON is cut short or broken at line %2, column %3 (a truncated file?)</source>
        <translation>%1：JSON 在第 %2 行第 %3 列处中断或损坏（文件被截断？）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="594"/>
        <source>DPO is offline: it trains on given chosen and rejected responses, with no rollout</source>
        <translation>DPO 是离线算法：用给定的优选与劣选回答训练，没有采样生成</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="596"/>
        <source>GRPO compares a group of at least 2 samples per prompt</source>
        <translation>GRPO 需要每个提示至少 2 个采样组成一组进行比较</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="598"/>
        <source>QLoRA keeps its base in nf4; for a %1 base choose task lora</source>
        <translation>QLoRA 的基座固定为 nf4；如需 %1 基座，请选择 lora 任务</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="599"/>
        <source>RL post-training of mixture-of-experts models is not estimated yet</source>
        <translation>暂不支持估算混合专家（MoE）模型的 RL 后训练</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="600"/>
        <source>a serving figure needs an inference scenario</source>
        <translation>推理服务指标需要推理场景</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="601"/>
        <source>a training figure needs a transformer training scenario (pretrain, finetune, lora or qlora)</source>
        <translation>训练指标需要 Transformer 训练场景（pretrain、finetune、lora 或 qlora）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="603"/>
        <source>applies to colocated placement (apart, the engine has GPUs of its own)</source>
        <translation>仅适用于共置部署（分离部署时推理引擎有自己的 GPU）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="604"/>
        <source>applies to language-model training (serving: inference.weight_dtype)</source>
        <translation>仅适用于语言模型训练（推理服务请用 inference.weight_dtype）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="605"/>
        <source>applies to separate placement (colocated, every GPU generates)</source>
        <translation>仅适用于分离部署（共置时每块 GPU 都参与生成）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="606"/>
        <source>block type %1 is not counted (known: CrossAttnDownBlock2D, DownBlock2D, CrossAttnUpBlock2D, UpBlock2D, UNetMidBlock2DCrossAttn)</source>
        <translation>无法计算模块类型 %1（已知：CrossAttnDownBlock2D、DownBlock2D、CrossAttnUpBlock2D、UpBlock2D、UNetMidBlock2DCrossAttn）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="608"/>
        <source>calibrate reads transformer training and inference runs, got %1</source>
        <translation>calibrate 只读取 Transformer 训练和推理运行，收到的是 %1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="609"/>
        <source>cannot be read: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="612"/>
        <source>contains an invalid character (a lone UTF-16 surrogate)</source>
        <translation>含有无效字符（孤立的 UTF-16 代理项）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="413"/>
        <source>expects a date as YYYY-MM-DD, got %1</source>
        <translation>应为 YYYY-MM-DD 格式的日期，实际为 %1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="618"/>
        <source>has no lines after the header</source>
        <translation>表头之后没有数据行</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="619"/>
        <source>holds a number with too many digits</source>
        <translation>含有位数过多的数字</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="686"/>
        <source>needs a file name</source>
        <translation>需要文件名</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="713"/>
        <source>the file name contains a NUL character</source>
        <translation>文件名含有 NUL 字符</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="714"/>
        <source>the folder %1 does not exist</source>
        <translation>文件夹 %1 不存在</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="715"/>
        <source>the number %1 is too large</source>
        <translation>数字 %1 太大</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="50"/>
        <source>%1 is no GPU, server or cloud instance id in the catalog</source>
        <translation>%1 不是目录中的 GPU、服务器或云实例 ID</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="65"/>
        <source>%1 names more than one row; write it as TABLE:ID</source>
        <translation>%1 对应多行；请写成 表名:ID</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="561"/>
        <source>%1 is a folder; give a file name</source>
        <translation>%1 是文件夹；请给出文件名</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="566"/>
        <source>%1 is not UTF-8 text</source>
        <translation>%1 不是 UTF-8 文本</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="571"/>
        <source>%1 is not a regular file (a folder, pipe or device)</source>
        <translation>%1 不是普通文件（是文件夹、管道或设备）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="572"/>
        <source>%1 is not a regular file (a pipe or device)</source>
        <translation>%1 不是普通文件（是管道或设备）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="574"/>
        <source>%1 is the scenario file itself; give another name</source>
        <translation>%1 就是方案文件本身；请换一个文件名</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="670"/>
        <source>must be one of %1, got %2</source>
        <translation>必须是 %1 之一，实际为 %2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="638"/>
        <source>must be %1%2, got %3</source>
        <translation>必须 %1%2，实际为 %3</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="720"/>
        <source>unknown id %1; see `gpuplanner catalog %2`</source>
        <translation>未知的 ID %1；请查看 `gpuplanner catalog %2`</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="627"/>
        <source>is not a column of this table</source>
        <translation>不是此表的列</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="662"/>
        <source>must be datacenter, workstation or consumer</source>
        <translation>必须是 datacenter（数据中心）、workstation（工作站）或 consumer（消费级）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="559"/>
        <source>%1 is a %2 model without a transformer architecture</source>
        <translation>%1 是 %2 模型，没有 Transformer 结构参数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="109"/>
        <source>CP=%1 splits each %2-token sequence over %1 GPUs (DeepSpeed-Ulysses): each attends for %3 of the %4 heads over the whole sequence, after all-to-alls costed in full, none hidden.</source>
        <translation>CP=%1 将每条 %2 token 的序列分到 %1 块 GPU 上（DeepSpeed-Ulysses）：每块 GPU 在整条序列上计算 %4 个注意力头中的 %3 个，其前后的 all-to-all 全额计入，不被掩盖。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="153"/>
        <source>Electricity price not given: the energy cost is n/a too. Enter a price per kWh (Electricity on the Budget and goals page, or constraints.site.electricity_price in the scenario) to cost it.</source>
        <translation>未填写电价：电费同样不详。请填写每千瓦时电价（“预算与目标”页的“电价”，或场景文件中的 constraints.site.electricity_price）以计算电费。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="171"/>
        <source>Hugging Face generate runs a padded static batch without CUDA graphs: its speed is judged on published single-request runs only, none at a rollout&apos;s batch sizes.</source>
        <translation>Hugging Face generate 以填充的静态批次运行，不使用 CUDA Graphs：其速度仅以公开的单请求实测验证，未有任何 rollout 批量规模下的实测。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="236"/>
        <source>No server or GPU price in the catalog for this GPU: capex, opex, TCO and the cost ranking are n/a; the rest of the plan stands. To price it, import a vendor quote (File &gt; Import a vendor quote, or `gpuplanner import-quote`) or enter a price in the catalog tab.</source>
        <translation>目录中没有此 GPU 的服务器或 GPU 价格：资本支出、运营支出、总拥有成本和按成本排序均不详；方案的其余部分照常有效。要为其定价，请导入厂商报价（文件 &gt; 导入厂商报价（CSV），或 `gpuplanner import-quote`），或在目录页中填写价格。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="286"/>
        <source>Tensor parallelism over %1 GPUs spans %2 servers: each layer&apos;s two all-reduces are priced as NCCL&apos;s hierarchical algorithm across servers (HCCL&apos;s on Ascend priced alike) over their %3 Gb/s NICs a GPU (the engines&apos; own all-reduce kernels work inside one server), %4 ms of each decode step here. Checked against one published run (SGLang, DeepSeek-R1 on two 8 x H100 servers).</source>
        <translation>%1 卡张量并行跨越 %2 台服务器：每层的两次 all-reduce 按 NCCL 的跨服务器分层算法计价（昇腾的 HCCL 按同样方式计价），经各服务器每 GPU %3 Gb/s 的网卡完成（推理引擎自带的 all-reduce 内核只在单台服务器内工作），此处每个解码步骤中占 %4 ms。已用一个公开实测核对（SGLang，DeepSeek-R1，两台 8 × H100 服务器）。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="292"/>
        <source>Tensor parallelism over PCIe is checked against one published table (TensorRT-LLM v0.9.0 on L40S, TP 2-8): one source cannot establish a coverage, so the band, ±%1%, is at least its worst error there.</source>
        <translation>PCIe 上的张量并行仅有一份公开表格可供核对（TensorRT-LLM v0.9.0，L40S，TP 2-8）：单一来源无法证明覆盖率，因此误差带 ±%1% 至少取其在该表上的最大误差。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="538"/>
        <source>%1 divides neither the %2 data-parallel ranks nor, in whole tensor-parallel groups, the TP x DP ranks the experts are split over</source>
        <translation>%1 既不能整除 %2 个数据并行进程，也不能以完整的张量并行组整除承载专家拆分的 TP × DP 个进程</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="541"/>
        <source>%1 does not divide the model&apos;s %2 attention heads (Ulysses splits the heads over the context-parallel GPUs)</source>
        <translation>%1 不能整除模型的 %2 个注意力头（Ulysses 将注意力头分到各上下文并行 GPU 上）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="560"/>
        <source>%1 is a %2 model, not an image model</source>
        <translation>%1 是 %2 模型，不是图像模型</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="578"/>
        <source>%1 offers one admission only: %2</source>
        <translation>%1 只提供一种准入方式：%2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="581"/>
        <source>%1 tokens cannot be split into %2 equal chunks</source>
        <translation>%1 个 token 无法均分为 %2 段</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="613"/>
        <source>down_block_types and up_block_types need one entry per block_out_channels entry</source>
        <translation>down_block_types 和 up_block_types 的条目数必须与 block_out_channels 相同</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="616"/>
        <source>give one or more runs files, or --show or --reset</source>
        <translation>请给出一个或多个运行文件，或 --show、--reset</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="617"/>
        <source>has %1 lines; at most %2 are read</source>
        <translation>有 %1 行；最多读取 %2 行</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="620"/>
        <source>holds the control character U+%1 at character %2; a source holds printable text only</source>
        <translation>第 %2 个字符是控制字符 U+%1；来源只能包含可打印文本</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="622"/>
        <source>image tasks take a catalog preset: {&quot;preset&quot;: &quot;resnet-50&quot;}; diffusion also a U-Net&apos;s config: {&quot;unet_config&quot;: {...}}</source>
        <translation>图像任务需要目录中的预设：{&quot;preset&quot;: &quot;resnet-50&quot;}；扩散任务也可给出 U-Net 的配置：{&quot;unet_config&quot;: {...}}</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="625"/>
        <source>is given but rl.critic is false</source>
        <translation>已给出，但 rl.critic 为 false</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="626"/>
        <source>is given twice: name each file once</source>
        <translation>给出了两次：每个文件只需给出一次</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="628"/>
        <source>is not a figure calibrate reads; one of %1</source>
        <translation>不是 calibrate 读取的指标；可选：%1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="629"/>
        <source>is not valid JSON: %1</source>
        <translation>不是有效的 JSON：%1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="632"/>
        <source>line %1, column %2 (%3): %4</source>
        <translation>第 %1 行第 %2 列（%3）：%4</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="633"/>
        <source>line %1: %2</source>
        <translation>第 %1 行：%2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="634"/>
        <source>line %1: the header must be %2</source>
        <translation>第 %1 行：表头必须是 %2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="635"/>
        <source>line 1: %1 is not a line this version reads; a first line starting with # says the file&apos;s decimals: # decimal: comma or # decimal: point</source>
        <translation>第 1 行：本版本无法读取 %1；以 # 开头的首行用于说明文件的小数写法：# decimal: comma 或 # decimal: point</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="640"/>
        <source>must be a U-Net&apos;s config.json object</source>
        <translation>必须是 U-Net 的 config.json 对象</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="641"/>
        <source>must be a date (2026-11-30, 2026-11 or 2026), two dates for a price no older than the first (2026-05-07/2026-12-04) or start with &apos;undated&apos;, got %1</source>
        <translation>必须是日期（2026-11-30、2026-11 或 2026）、表示价格不早于前一日期的两个日期（2026-05-07/2026-12-04），或以 &apos;undated&apos; 开头，而不是 %1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="643"/>
        <source>must be a date as YYYY-MM-DD, got %1</source>
        <translation>必须是 YYYY-MM-DD 格式的日期，收到的是 %1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="645"/>
        <source>must be a number greater than zero, got %1</source>
        <translation>必须是大于零的数，收到的是 %1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="648"/>
        <source>must be a scenario object, as estimate takes it</source>
        <translation>必须是场景对象，与 estimate 接受的相同</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="654"/>
        <source>must be an object with scenario, measured, source and date</source>
        <translation>必须是包含 scenario、measured、source 和 date 的对象</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="657"/>
        <source>must be at least rl.response_tokens (%1), the mean</source>
        <translation>不得小于 rl.response_tokens（%1，即平均长度）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="659"/>
        <source>must be between %1 and %2 CNY per USD, got %3: CNY prices are divided by it, and every rate since 1980 lies within</source>
        <translation>必须在每美元 %1 到 %2 元人民币之间，实际为 %3：人民币价格要除以该汇率，1980 年以来的汇率都在此范围内</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="663"/>
        <source>must be given: a measured run names the GPUs it ran on (without them the estimate chooses its own)</source>
        <translation>必须给出：实测运行须写明所用的 GPU（否则估算会自行选择）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="666"/>
        <source>must be lowercase letters, digits, &apos;.&apos;, &apos;-&apos; or &apos;_&apos; (like a100-sxm4-80gb), got %1</source>
        <translation>只能包含小写字母、数字、&apos;.&apos;、&apos;-&apos; 或 &apos;_&apos;（例如 a100-sxm4-80gb），而不是 %1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="671"/>
        <source>must be smaller than head_dim (%1)</source>
        <translation>必须小于 head_dim（%1）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="672"/>
        <source>must be text</source>
        <translation>必须是文本</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="677"/>
        <source>must be zero or more</source>
        <translation>必须大于或等于零</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="680"/>
        <source>must give at least one measured figure: %1</source>
        <translation>必须至少给出一个实测指标：%1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="681"/>
        <source>must hold a &quot;runs&quot; list of at least one run, each with scenario, measured, source and date</source>
        <translation>必须包含至少一次运行的 &quot;runs&quot; 列表，每次运行含 scenario、measured、source 和 date</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="684"/>
        <source>must not be empty</source>
        <translation>不能为空</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="685"/>
        <source>must not be empty: no plan can be sized without the GPU&apos;s memory</source>
        <translation>不能为空：没有 GPU 显存就无法计算方案</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="687"/>
        <source>needs recompute to be full or selective</source>
        <translation>需要把重计算设为完全或选择性</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="688"/>
        <source>nf4 weights cannot be trained: it stores a frozen LoRA base (task lora or qlora)</source>
        <translation>nf4 权重无法训练：它只用于冻结的 LoRA 基座（lora 或 qlora 任务）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="690"/>
        <source>no GPU count up to %1 runs this RL step</source>
        <translation>在 %1 块 GPU 以内，没有任何 GPU 数能运行这个 RL 单步</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="693"/>
        <source>no catalog server holds %1, and a generic chassis cannot stand in for a %2 (its node size and rack units are its server&apos;s): add a server row for it</source>
        <translation>目录中没有可容纳 %1 的服务器，且通用机箱无法代替 %2（其节点规模和机架单元由其服务器决定）：请为其添加一条服务器记录</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="695"/>
        <source>no layout of the update or rollout runs on %1 GPUs</source>
        <translation>在 %1 块 GPU 上，训练更新或采样生成没有可运行的布局</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="696"/>
        <source>no log file given</source>
        <translation>未给出日志文件</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="702"/>
        <source>one-step-off generation overlaps training only on GPUs of its own: set rl.placement to separate</source>
        <translation>错开一步的生成只有在独立的 GPU 上才能与训练重叠：请把 rl.placement 设为 separate</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="704"/>
        <source>only PPO trains a critic</source>
        <translation>只有 PPO 训练价值模型（critic）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="705"/>
        <source>only SD-style conditioning is counted (cross_attention_dim a number, addition_embed_type none or text_time, no class or encoder projections)</source>
        <translation>只能计算 SD 式的条件输入（cross_attention_dim 为数字，addition_embed_type 为空或 text_time，没有类别或编码器投影）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="707"/>
        <source>only applies to task rl</source>
        <translation>仅适用于任务 rl</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="709"/>
        <source>repeats %1 (the same scenario and measured figures): give each run once</source>
        <translation>与 %1 重复（场景和实测数字相同）：每次运行只能给出一次</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="710"/>
        <source>the %1 stack has no context parallelism</source>
        <translation>%1 软件栈不支持上下文并行</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="711"/>
        <source>the %1 stack has no expert parallelism</source>
        <translation>%1 软件栈不支持专家并行</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="712"/>
        <source>the estimate of this scenario has no such figure to compare with</source>
        <translation>该场景的估算中没有可供比较的此项指标</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="716"/>
        <source>tp x cp x pp x dp = %1 but hardware.count is %2</source>
        <translation>tp × cp × pp × dp = %1，但 hardware.count 为 %2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="718"/>
        <source>unknown GPU id %1; see `gpuplanner catalog gpus`</source>
        <translation>未知的 GPU ID %1；请查看 `gpuplanner catalog gpus`</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="722"/>
        <source>unknown key; a run has scenario, measured, source and date</source>
        <translation>未知的键；一次运行包含 scenario、measured、source 和 date</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="723"/>
        <source>unknown preset %1; see `gpuplanner catalog models`</source>
        <translation>未知的预设 %1；请查看 `gpuplanner catalog models`</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="676"/>
        <source>must be yes or no, got %1</source>
        <translation>必须是 yes 或 no，实际为 %1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="646"/>
        <source>must be a number, got %1</source>
        <translation>必须是数字，实际为 %1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="669"/>
        <source>must be one of %1</source>
        <translation>必须是以下之一：%1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="445"/>
        <source>must be USD or CNY</source>
        <translation>必须是 USD 或 CNY</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="644"/>
        <source>must be a finite number</source>
        <translation>必须是有限的数字</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="665"/>
        <source>must be greater than zero, got %1</source>
        <translation>必须大于零，实际为 %1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="656"/>
        <source>must be at least %1, got %2</source>
        <translation>不能小于 %1，实际为 %2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="658"/>
        <source>must be at most %1, got %2</source>
        <translation>不能大于 %1，实际为 %2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="678"/>
        <source>must be zero or more, got %1</source>
        <translation>必须大于或等于零，实际为 %1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="649"/>
        <source>must be a whole number, got %1</source>
        <translation>必须是整数，实际为 %1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="546"/>
        <source>%1 estimates are not available in this version yet</source>
        <translation>此版本尚不支持 %1 估算</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="554"/>
        <source>%1 has no published peak for %2 or a fallback</source>
        <translation>%1 没有公开的 %2 峰值算力，也没有可替代的精度</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="692"/>
        <source>no GPU count up to 65536 gives a valid layout for this batch</source>
        <translation>在 65536 张 GPU 以内，找不到能为此批量构成有效并行布局的 GPU 数量</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="588"/>
        <source>%1: FLOPs per image are not in the catalog (no citable source); give images.gflops_per_sample</source>
        <translation>%1：目录中没有每张图像的 FLOPs（无可引用来源）；请填写 images.gflops_per_sample</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="590"/>
        <source>%1: activation memory per image is not in the catalog; give images.activation_mib_per_sample (scripts/measure_cnn_activations.py)</source>
        <translation>%1：目录中没有每张图像的激活值显存；请填写 images.activation_mib_per_sample（可用 scripts/measure_cnn_activations.py 测量）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="691"/>
        <source>no GPU count up to 4096 divides the batch evenly</source>
        <translation>在 4096 张 GPU 以内，没有能整除此批量的 GPU 数量</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="553"/>
        <source>%1 has no published memory bandwidth; cannot estimate decode</source>
        <translation>%1 没有公开的显存带宽，无法估算解码</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="551"/>
        <source>%1 has no published 16-bit tensor rate; cannot estimate prefill</source>
        <translation>%1 没有公开的 16 位张量算力，无法估算预填充</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="624"/>
        <source>int4 KV cache is not supported; use fp16, bf16, fp8 or int8</source>
        <translation>不支持 int4 KV 缓存；请使用 fp16、bf16、fp8 或 int8</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="699"/>
        <source>no tensor x pipeline split divides %1 GPUs</source>
        <translation>没有能整除 %1 张 GPU 的张量并行 × 流水线并行划分</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="579"/>
        <source>%1 sequences cannot be split evenly over the data-parallel replicas</source>
        <translation>%1 条序列无法平均分配到各数据并行副本</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="683"/>
        <source>must hold a JSON object</source>
        <translation>必须包含一个 JSON 对象</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="555"/>
        <source>%1 heads do not divide hidden size %2</source>
        <translation>%1 个注意力头不能整除隐藏维度 %2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="537"/>
        <source>%1 KV heads do not divide %2 heads</source>
        <translation>%1 个 KV 头不能整除 %2 个注意力头</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="610"/>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="700"/>
        <source>not valid JSON (%1 at line %2)</source>
        <translation>不是有效的 JSON（第 %2 行：%1）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="637"/>
        <source>missing %1</source>
        <translation>缺少 %1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="652"/>
        <source>must be an object</source>
        <translation>必须是对象</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="653"/>
        <source>must be an object with a preset or an architecture</source>
        <translation>必须是包含预设（preset）或模型结构的对象</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="631"/>
        <source>is required when no preset is given</source>
        <translation>未指定预设时为必填项</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="639"/>
        <source>must be a JSON object</source>
        <translation>必须是 JSON 对象</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="630"/>
        <source>is required (a preset or an architecture)</source>
        <translation>为必填项（预设或模型结构）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="580"/>
        <source>%1 stages exceed the model&apos;s %2 layers</source>
        <translation>%1 个流水线阶段超过了模型的 %2 层</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="717"/>
        <source>trained %1 weights need precision %1 (its GEMMs read them)</source>
        <translation>要训练 %1 权重，精度须为 %1（由其矩阵乘直接读取）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="721"/>
        <source>unknown key (allowed: %1)</source>
        <translation>未知的键（允许：%1）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="708"/>
        <source>only applies to the vision and diffusion tasks</source>
        <translation>仅适用于视觉和扩散模型任务</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="679"/>
        <source>must divide training.global_batch</source>
        <translation>必须能整除 training.global_batch</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="573"/>
        <source>%1 is over 1 MB; at most 1 MB is read</source>
        <translation>%1 超过 1 MB；最多读取 1 MB</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="558"/>
        <source>%1 is %2 MB; at most 1 MB is read</source>
        <translation>%1 大小为 %2 MB；最多读取 1 MB</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="544"/>
        <source>%1 does not divide the model&apos;s %2 heads</source>
        <translation>%1 不能整除模型的 %2 个注意力头</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="556"/>
        <source>%1 images cannot be split over %2 GPUs</source>
        <translation>%1 张图像无法平均分配到 %2 张 GPU</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="697"/>
        <source>no micro-batch divides the images each GPU gets per step</source>
        <translation>没有微批大小能整除每张 GPU 每步分到的图像数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="668"/>
        <source>must be none, selective or full, got %1</source>
        <translation>必须是 none（不重计算）、selective（选择性）或 full（完全），实际为 %1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="719"/>
        <source>unknown assumption</source>
        <translation>未知的假设项</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="674"/>
        <source>must be true or false</source>
        <translation>必须是 true 或 false</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="570"/>
        <source>%1 is not a number JSON allows</source>
        <translation>%1 不是 JSON 允许的数字</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="615"/>
        <source>file not found: %1</source>
        <translation>找不到文件：%1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="701"/>
        <source>not valid JSON: %1 at line %2 column %3</source>
        <translation>不是有效的 JSON：第 %2 行第 %3 列：%1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="597"/>
        <source>JSON nested too deeply</source>
        <translation>JSON 嵌套层级过深</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="661"/>
        <source>must be between 1 and 100</source>
        <translation>必须在 1 到 100 之间</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="698"/>
        <source>no plan fits, so there is no spec sheet to write</source>
        <translation>没有可行的方案，因此无法生成规格书</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="650"/>
        <source>must be a whole number, got %1 %2</source>
        <translation>必须是整数，实际为 %1 %2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="647"/>
        <source>must be a number, got %1 %2</source>
        <translation>必须是数字，实际为 %1 %2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="673"/>
        <source>must be text, got %1 %2</source>
        <translation>必须是文本，实际为 %1 %2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="675"/>
        <source>must be true or false, got %1 %2</source>
        <translation>必须是 true 或 false，实际为 %1 %2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="655"/>
        <source>must be an object, got %1 %2</source>
        <translation>必须是对象，实际为 %1 %2</translation>
    </message>
</context>
<context>
    <name>DatasetDialog</name>
    <message>
        <location filename="../../gpuplanner/ui/wizard/dataset_dialog.py" line="17"/>
        <source>Tokens from the dataset&apos;s size</source>
        <translation>由数据集规模换算 token 数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/dataset_dialog.py" line="18"/>
        <source>Gigabytes of plain text</source>
        <translation>纯文本的 GB 数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/dataset_dialog.py" line="19"/>
        <source>Documents and their length</source>
        <translation>文档数与篇幅</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/dataset_dialog.py" line="20"/>
        <source>The text&apos;s size on disk, in GB</source>
        <translation>文本在磁盘上的大小（GB）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/dataset_dialog.py" line="21"/>
        <source>How many documents (1.5M and 2B are read too)</source>
        <translation>文档数量（也可输入 1.5M、2B、500万）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/dataset_dialog.py" line="22"/>
        <source>Average words a document</source>
        <translation>每篇文档的平均词数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/dataset_dialog.py" line="26"/>
        <source>The dataset as</source>
        <translation>数据集按</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/dataset_dialog.py" line="27"/>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/dataset_dialog.py" line="28"/>
        <source>Documents</source>
        <translation>文档数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/dataset_dialog.py" line="29"/>
        <source>Words a document</source>
        <translation>每篇词数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/dataset_dialog.py" line="52"/>
        <source>about %1 characters a token</source>
        <translation>约每 %1 个字符一个 token</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/dataset_dialog.py" line="53"/>
        <source>about %1 of a word a token</source>
        <translation>约每 %1 个单词一个 token</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/dataset_dialog.py" line="54"/>
        <source>= %1 tokens (%2, English text; OpenAI&apos;s rule of thumb). Other languages and tokenizers differ: check the figure.</source>
        <translation>= %1 个 token（%2，英文文本；OpenAI 的经验值）。其他语言和分词器会有差异：请核对此数字。</translation>
    </message>
</context>
<context>
    <name>DeploymentPage</name>
    <message>
        <location filename="../../gpuplanner/ui/wizard/deployment_page.py" line="41"/>
        <source>Where will it run?</source>
        <translation>在哪里运行？</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/deployment_page.py" line="42"/>
        <source>Buy, rent or compare both; the site limits size racks, power and cooling.</source>
        <translation>购买、租用或两者对比；机房限制决定机柜、供电和散热。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/deployment_page.py" line="45"/>
        <source>Compare buying and renting</source>
        <translation>对比购买与租用</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/deployment_page.py" line="45"/>
        <source>Buy (on-premises)</source>
        <translation>购买（自建机房）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/deployment_page.py" line="46"/>
        <source>Rent (cloud)</source>
        <translation>租用（云）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/deployment_page.py" line="131"/>
        <source>Any GPU in the catalog</source>
        <translation>目录中任意 GPU</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/deployment_page.py" line="54"/>
        <source>Restrict the plans to one GPU model, or let the planner compare them all.</source>
        <translation>将方案限定为某一种 GPU，或让规划器比较全部型号。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/deployment_page.py" line="55"/>
        <source>0 = choose the count for me</source>
        <translation>0 = 自动选择数量</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/deployment_page.py" line="56"/>
        <source>Automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/deployment_page.py" line="57"/>
        <source>Allow consumer (GeForce) cards</source>
        <translation>允许消费级（GeForce）显卡</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/deployment_page.py" line="59"/>
        <source>GeForce cards are cheap but have no NVLink or ECC, and their driver licence forbids data-center deployment.</source>
        <translation>GeForce 显卡便宜，但没有 NVLink 和 ECC，且驱动许可禁止在数据中心部署。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/deployment_page.py" line="62"/>
        <source>Power the site allows per rack</source>
        <translation>机房允许的单机柜功率</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/deployment_page.py" line="63"/>
        <source>Usable height of a rack</source>
        <translation>机柜可用高度</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/deployment_page.py" line="64"/>
        <source>Air</source>
        <translation>风冷</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/deployment_page.py" line="64"/>
        <source>Rear-door heat exchanger</source>
        <translation>背板换热（热交换门）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/deployment_page.py" line="65"/>
        <source>Direct liquid (cold plate)</source>
        <translation>冷板式液冷</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/deployment_page.py" line="66"/>
        <source>Immersion</source>
        <translation>浸没式液冷</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/deployment_page.py" line="75"/>
        <source>No (rack kW above)</source>
        <translation>否（使用上面的机柜功率）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/deployment_page.py" line="73"/>
        <source>%1 A x 220 V = %2 kW</source>
        <translation>%1 A × 220 V = %2 kW</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/deployment_page.py" line="48"/>
        <source>Anywhere</source>
        <translation>任意地区</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/deployment_page.py" line="48"/>
        <source>Mainland China (export rules apply)</source>
        <translation>中国大陆（适用出口管制）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/deployment_page.py" line="49"/>
        <source>Only GPUs that can be bought there, and cloud offers located there; each plan says which rule or source decides</source>
        <translation>只保留可在当地购买的 GPU 和位于当地的云服务；每个方案都注明依据的规则或来源</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/deployment_page.py" line="67"/>
        <source>Each tier removes more heat per rack: air ~20 kW, rear-door ~40, cold plate ~160 (planning defaults; set your room&apos;s figure below)</source>
        <translation>各散热方式每柜可带走的热量递增：风冷约 20 kW，背板换热器约 40，冷板约 160（规划默认值；请在下方填写机房实际数值）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/deployment_page.py" line="70"/>
        <source>Heat your cooling removes from one rack (0 = the cooling type&apos;s default)</source>
        <translation>机房散热每柜可带走的热量（0 = 按散热方式的默认值）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/deployment_page.py" line="72"/>
        <source>Cooling type&apos;s default</source>
        <translation>按散热方式默认</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/deployment_page.py" line="76"/>
        <source>Chinese IDC cabinets are sold by current at 220 V</source>
        <translation>国内 IDC 机柜按 220 V 电流规格出售</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/deployment_page.py" line="78"/>
        <source>Feed voltage (line-to-line for three-phase)</source>
        <translation>供电电压（三相为线电压）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/deployment_page.py" line="80"/>
        <source>Three-phase</source>
        <translation>三相</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/deployment_page.py" line="80"/>
        <source>Single-phase</source>
        <translation>单相</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/deployment_page.py" line="82"/>
        <source>Breaker rating per circuit</source>
        <translation>每回路断路器额定电流</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/deployment_page.py" line="83"/>
        <source>Deployment</source>
        <translation>部署方式</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/deployment_page.py" line="84"/>
        <source>Region</source>
        <translation>地区</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/deployment_page.py" line="85"/>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/deployment_page.py" line="86"/>
        <source>GPU count</source>
        <translation>GPU 数量</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/deployment_page.py" line="88"/>
        <source>Rack power</source>
        <translation>机柜功率</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/deployment_page.py" line="89"/>
        <source>Rack height</source>
        <translation>机柜高度</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/deployment_page.py" line="90"/>
        <source>Cooling</source>
        <translation>散热方式</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/deployment_page.py" line="91"/>
        <source>Cooling limit per rack</source>
        <translation>每柜散热上限</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/deployment_page.py" line="92"/>
        <source>Chinese IDC cabinet</source>
        <translation>国内 IDC 机柜</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/deployment_page.py" line="93"/>
        <source>Supply voltage</source>
        <translation>供电电压</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/deployment_page.py" line="94"/>
        <source>Phases</source>
        <translation>相数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/deployment_page.py" line="95"/>
        <source>Circuit breaker</source>
        <translation>断路器</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/deployment_page.py" line="135"/>
        <source>%1 (no longer in the catalog)</source>
        <translation>%1（已不在目录中）</translation>
    </message>
</context>
<context>
    <name>DocumentActions</name>
    <message>
        <location filename="../../gpuplanner/ui/document_actions.py" line="114"/>
        <source>Autosave failed (%1): %2. Your inputs are still on screen; save them with File → Save as.</source>
        <translation>自动保存失败（%1）：%2。您的输入仍在屏幕上；请用“文件 → 另存为”保存。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/document_actions.py" line="125"/>
        <source>Recovered scenario (unsaved)</source>
        <translation>恢复的方案（未保存）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/document_actions.py" line="127"/>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/document_actions.py" line="128"/>
        <source>%1[*] — GPU Planner</source>
        <translation>%1[*] — GPU Planner 算力规划</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/document_actions.py" line="146"/>
        <location filename="../../gpuplanner/ui/document_actions.py" line="205"/>
        <source>this scenario</source>
        <translation>此方案</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/document_actions.py" line="147"/>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/document_actions.py" line="148"/>
        <source>Save the changes to %1 first?</source>
        <translation>是否先保存对“%1”的更改？</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/document_actions.py" line="162"/>
        <source>Cannot open scenario</source>
        <translation>无法打开方案</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/document_actions.py" line="163"/>
        <source>%1 was not loaded: %2</source>
        <translation>未加载 %1：%2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/document_actions.py" line="192"/>
        <source>Open scenario</source>
        <translation>打开方案</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/document_actions.py" line="192"/>
        <location filename="../../gpuplanner/ui/document_actions.py" line="208"/>
        <source>Scenarios (*.json)</source>
        <translation>方案文件 (*.json)</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/document_actions.py" line="207"/>
        <source>Save scenario</source>
        <translation>保存方案</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/document_actions.py" line="220"/>
        <source>%1 was not saved: a field holds text that is not a value (%2). Correct the highlighted field, then save.</source>
        <translation>%1 未保存：有字段中的文字不是有效值（%2）。请更正高亮的字段后再保存。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/document_actions.py" line="223"/>
        <location filename="../../gpuplanner/ui/document_actions.py" line="231"/>
        <source>Not saved</source>
        <translation>未保存</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/document_actions.py" line="232"/>
        <source>Could not write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/document_actions.py" line="241"/>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/document_actions.py" line="295"/>
        <source>The autosaved scenario in %1 could not be restored (%2); defaults are shown and the file is left as it is.</source>
        <translation>无法恢复 %1 中自动保存的场景（%2）；现显示默认值，该文件保持原样。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/document_actions.py" line="305"/>
        <source>Unsaved changes to %1 from your last session were recovered; the file itself was not changed.</source>
        <translation>已恢复上次会话中对 %1 的未保存更改；文件本身未被修改。</translation>
    </message>
</context>
<context>
    <name>Durations</name>
    <message>
        <location filename="../../gpuplanner/i18n/durations.py" line="12"/>
        <source>%1 days</source>
        <translation>%1 天</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/durations.py" line="13"/>
        <source>%1 hours</source>
        <translation>%1 小时</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/durations.py" line="14"/>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
</context>
<context>
    <name>EngineLabel</name>
    <message>
        <location filename="../../gpuplanner/ui/wizard/common.py" line="63"/>
        <source>Hugging Face generate (no engine)</source>
        <translation>Hugging Face generate（不用推理引擎）</translation>
    </message>
</context>
<context>
    <name>ExportActions</name>
    <message>
        <location filename="../../gpuplanner/ui/export_actions.py" line="58"/>
        <source>The plans are not up to date with the inputs; the sheet is not written.</source>
        <translation>方案与当前输入不一致；未生成规格书。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/export_actions.py" line="62"/>
        <source>Select a plan first.</source>
        <translation>请先选择一个方案。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/export_actions.py" line="82"/>
        <source>Export spec sheet</source>
        <translation>导出规格书</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/export_actions.py" line="82"/>
        <source>PDF files (*.pdf)</source>
        <translation>PDF 文件 (*.pdf)</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/export_actions.py" line="95"/>
        <source>Spec sheet not written</source>
        <translation>规格书未写入</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/export_actions.py" line="153"/>
        <source>Could not write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/export_actions.py" line="99"/>
        <source>Wrote %1 (%2 pages)</source>
        <translation>已写入 %1（%2 页）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/export_actions.py" line="96"/>
        <location filename="../../gpuplanner/ui/export_actions.py" line="186"/>
        <source>%1 was not written (%2); a file already there is unchanged.</source>
        <translation>未写入 %1（%2）；原有文件保持不变。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/export_actions.py" line="142"/>
        <source>Export charts into a folder</source>
        <translation>将图表导出到文件夹</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/export_actions.py" line="153"/>
        <location filename="../../gpuplanner/ui/export_actions.py" line="185"/>
        <source>Not exported</source>
        <translation>未导出</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/export_actions.py" line="156"/>
        <source>Exported %1 chart files to %2</source>
        <translation>已将 %1 个图表文件导出到 %2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/export_actions.py" line="161"/>
        <location filename="../../gpuplanner/ui/export_actions.py" line="166"/>
        <source>Export plans</source>
        <translation>导出方案</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/export_actions.py" line="161"/>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/export_actions.py" line="166"/>
        <source>Excel workbooks (*.xlsx)</source>
        <translation>Excel 工作簿 (*.xlsx)</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/export_actions.py" line="177"/>
        <source>Plans</source>
        <translation>方案</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/export_actions.py" line="181"/>
        <source>No plans to export yet.</source>
        <translation>还没有可导出的方案。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/export_actions.py" line="188"/>
        <source>Exported the plans to %1</source>
        <translation>已将方案导出到 %1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/export_actions.py" line="195"/>
        <source>Copied %1 plan(s)</source>
        <translation>已复制 %1 个方案</translation>
    </message>
</context>
<context>
    <name>FieldHelp</name>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="728"/>
        <source>Fixed: every request generates output_tokens; sharegpt: lengths about that mean spread as a ShareGPT benchmark&apos;s replies are, the batch submitted at once (an offline dataset run) lasting until its longest request ends</source>
        <translation>fixed：每个请求都生成 output_tokens 个 token；sharegpt：长度围绕该均值、按 ShareGPT 基准测试中回复的长度分布，整批请求同时提交（离线数据集测试），直到最长的请求结束才算完成</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="731"/>
        <source>Hours a day the service runs: a rented one is paid for those hours only, bought GPUs are paid for whole</source>
        <translation>服务每天运行的小时数：租用时只为这些小时付费，购买的 GPU 按整机付费</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="733"/>
        <source>Mean prompt length</source>
        <translation>提示的平均长度</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="734"/>
        <source>Mean response length</source>
        <translation>回答的平均长度</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="735"/>
        <source>Passes over the images</source>
        <translation>遍历全部图像的次数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="736"/>
        <source>Sequences per optimizer step</source>
        <translation>每次优化器更新的序列数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="737"/>
        <source>Share of memory the engine gives the KV cache: TensorRT-LLM&apos;s free_gpu_memory_fraction (of what is free after the weights), vLLM&apos;s gpu_memory_utilization (of the GPU)</source>
        <translation>引擎分给 KV 缓存的显存比例：TensorRT-LLM 的 free_gpu_memory_fraction（按加载权重后剩余的显存计），vLLM 的 gpu_memory_utilization（按整张 GPU 计）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/message_templates.py" line="740"/>
        <source>Which matrices get adapters</source>
        <translation>哪些矩阵加适配器</translation>
    </message>
</context>
<context>
    <name>Formatting</name>
    <message>
        <location filename="../../gpuplanner/report/formatting.py" line="38"/>
        <source>Tensor-parallel degree</source>
        <translation>张量并行度</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/formatting.py" line="38"/>
        <source>Pipeline stages</source>
        <translation>流水线级数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/formatting.py" line="39"/>
        <source>ZeRO stages</source>
        <translation>ZeRO 阶段</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/formatting.py" line="39"/>
        <source>Data-parallel degree</source>
        <translation>数据并行度</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/formatting.py" line="40"/>
        <source>Context-parallel degree</source>
        <translation>上下文并行度</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/formatting.py" line="41"/>
        <source>Expert-parallel degree</source>
        <translation>专家并行度</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/formatting.py" line="42"/>
        <source>Micro-batch</source>
        <translation>微批</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/formatting.py" line="43"/>
        <source>Recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/formatting.py" line="44"/>
        <source>Layers recomputed</source>
        <translation>重计算层数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/formatting.py" line="45"/>
        <source>Sequence parallelism</source>
        <translation>序列并行</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/formatting.py" line="46"/>
        <source>Interleaved pipeline stages</source>
        <translation>交错流水线阶段</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/formatting.py" line="51"/>
        <source>best of the modern stacks (none chosen)</source>
        <translation>现代软件栈中的最优组合（未选择软件栈）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/formatting.py" line="135"/>
        <source>%1 (%2 requested)</source>
        <translation>%1（请求的是 %2）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/formatting.py" line="147"/>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/formatting.py" line="180"/>
        <source>%1 layers · hidden %2 · MLP %3 · vocabulary %4</source>
        <translation>%1 层 · 隐藏维度 %2 · MLP %3 · 词表 %4</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/formatting.py" line="183"/>
        <source>%1 heads of %2 · latent attention (MLA): K and V cached as %3 + %4 values</source>
        <translation>%1 个头，每头 %2 维 · 多头潜在注意力（MLA）：K 和 V 以 %3 + %4 个值缓存</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/formatting.py" line="187"/>
        <source>%1 heads of %2 · %3 KV heads</source>
        <translation>%1 个头，每头 %2 维 · %3 个 KV 头</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/formatting.py" line="190"/>
        <source>%1 experts, %2 per token</source>
        <translation>%1 个专家，每个 token 路由 %2 个</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/formatting.py" line="193"/>
        <source> + %1 shared</source>
        <translation> + %1 个共享专家</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/formatting.py" line="195"/>
        <source> · %1 dense layers (MLP %2)</source>
        <translation> · %1 个稠密层（MLP %2）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/formatting.py" line="199"/>
        <source> · routed within %1 of %2 expert groups</source>
        <translation> · 路由限于 %2 个专家组中的 %1 个</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/formatting.py" line="203"/>
        <source>sliding window of %1 tokens on %2 of %3 layers</source>
        <translation>%3 层中 %2 层使用 %1 个 token 的滑动窗口</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/formatting.py" line="207"/>
        <source>%1 B parameters, %2 B active per token</source>
        <translation>%1 B 参数，每个 token 激活 %2 B</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/report/formatting.py" line="210"/>
        <source>%1 B parameters</source>
        <translation>%1 B 参数</translation>
    </message>
</context>
<context>
    <name>HelpDialog</name>
    <message>
        <location filename="../../gpuplanner/ui/help.py" line="47"/>
        <source>GPU Planner help</source>
        <translation>GPU Planner 帮助</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/help.py" line="49"/>
        <source>How to read a plan</source>
        <translation>如何阅读一个方案</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/help.py" line="50"/>
        <source>Each row is one way to run your job: which GPU, how many, bought or rented. Rows are ranked by what you chose to optimise (cost, speed or total cost of ownership). Only plans that keep every limit you set (rack power, cooling, deadline, budget, service level) are ranked; the others are listed as near misses with what they miss. A row marked &quot;generic chassis&quot; buys GPUs that no catalog server holds: its server&apos;s figures are derived for its class, so it ranks after the plans on a real server. Select a row for its memory, time, site and cost, and print its spec sheet for the data-centre team.</source>
        <translation>每一行是运行您任务的一种方式：用哪种 GPU、多少块、购买还是租用。各行按您选择的优化目标（成本、速度或总拥有成本）排序。只有满足您设定的全部限制（机柜功率、散热、期限、预算、服务水平）的方案才参与排名；其余方案作为“接近的方案”列出，并说明差在哪里。标有“通用机箱”的行所购 GPU 在目录中没有服务器可装：其服务器的数值按类别推算，因此排在采用真实服务器的方案之后。选中一行可查看其显存、时间、机房和成本，并为机房团队打印规格书。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/help.py" line="57"/>
        <source>TP (tensor parallelism)</source>
        <translation>TP（张量并行）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/help.py" line="58"/>
        <source>Each layer&apos;s matrices are split across several GPUs, which exchange partial results on every layer. Fast only over NVLink inside a server.</source>
        <translation>每一层的矩阵被拆分到多块 GPU 上，每层都要交换部分结果。只有在服务器内部通过 NVLink 才够快。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/help.py" line="60"/>
        <source>PP (pipeline parallelism)</source>
        <translation>PP（流水线并行）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/help.py" line="61"/>
        <source>The layers are split into stages on different GPUs; micro-batches flow through them like an assembly line. Some time is lost while the pipeline fills and drains (the bubble).</source>
        <translation>模型的层被分成若干阶段放在不同 GPU 上，微批像流水线一样依次通过。流水线填充和排空时会损失一些时间（气泡）。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/help.py" line="63"/>
        <source>DP (data parallelism)</source>
        <translation>DP（数据并行）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/help.py" line="64"/>
        <source>Every group of GPUs holds the whole model and trains on different data; gradients are averaged after each step over the network.</source>
        <translation>每组 GPU 都持有完整模型，用不同数据训练；每一步之后通过网络对梯度求平均。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/help.py" line="66"/>
        <source>ZeRO / FSDP</source>
        <translation>ZeRO / FSDP</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/help.py" line="67"/>
        <source>Data-parallel GPUs split the optimizer states (stage 1), gradients (2) and weights (3) among themselves instead of each keeping a copy: less memory, more network traffic.</source>
        <translation>数据并行的 GPU 之间分摊优化器状态（第 1 阶段）、梯度（第 2 阶段）和权重（第 3 阶段），而不是各自保存一份：显存更省，网络流量更多。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/help.py" line="69"/>
        <source>MFU (model FLOPs utilisation)</source>
        <translation>MFU（模型算力利用率）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/help.py" line="70"/>
        <source>The share of the GPU&apos;s peak arithmetic rate the training actually uses for the model&apos;s own maths. 40–55 % is good for large models.</source>
        <translation>训练实际用于模型本身计算的算力占 GPU 峰值算力的比例。大模型达到 40–55% 就算不错。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/help.py" line="72"/>
        <source>TTFT (time to first token)</source>
        <translation>TTFT（首 token 时延）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/help.py" line="73"/>
        <source>How long a user waits after sending a prompt until the first word of the answer appears.</source>
        <translation>用户发出提示后，到回答的第一个词出现所等待的时间。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/help.py" line="74"/>
        <source>TPOT (time per output token)</source>
        <translation>TPOT（每个输出 token 的时延）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/help.py" line="75"/>
        <source>The time between two words of the answer for one user; 50 ms is about 20 tokens a second, faster than people read.</source>
        <translation>对单个用户而言回答中相邻两个词之间的时间；50 毫秒约合每秒 20 个 token，比人阅读更快。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/help.py" line="77"/>
        <source>Nameplate and expected power</source>
        <translation>额定功率与预计功率</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/help.py" line="78"/>
        <source>Nameplate is what the power supplies can draw and what circuits must be sized for; expected is what a training run draws on average and what the electricity bill follows.</source>
        <translation>额定功率是电源能够输出的最大功率，回路必须按它来配置；预计功率是训练时的平均功耗，电费按它计算。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/help.py" line="84"/>
        <source>This field: %1</source>
        <translation>当前字段：%1</translation>
    </message>
</context>
<context>
    <name>Layout</name>
    <message>
        <location filename="../../gpuplanner/i18n/layout_words.py" line="24"/>
        <source>%1 · ZeRO-%2 · micro-batch %3 · recompute %4</source>
        <translation>%1 · ZeRO-%2 · 微批 %3 · 重计算 %4</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/layout_words.py" line="25"/>
        <source>TP %1 · 1 replica · batch %2</source>
        <translation>TP %1 · 1 个副本 · 批大小 %2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/layout_words.py" line="26"/>
        <source>TP %1 per replica · %2 replicas · batch %3 each</source>
        <translation>每副本 TP %1 · %2 个副本 · 每副本批大小 %3</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/layout_words.py" line="28"/>
        <source>one GPU · %1 images per pass</source>
        <translation>单卡 · 每次 %1 张图像</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/layout_words.py" line="29"/>
        <source>data parallel over %1 GPUs · %2 images a GPU per pass</source>
        <translation>%1 卡数据并行 · 每卡每次 %2 张图像</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/layout_words.py" line="30"/>
        <source>data parallel over %1 GPUs · %2 images a GPU per pass · training state sharded (ZeRO-%3)</source>
        <translation>%1 卡数据并行 · 每卡每次 %2 张图像 · 训练状态分片（ZeRO-%3）</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../gpuplanner/ui/main_window.py" line="147"/>
        <source>Plans</source>
        <translation>方案</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/main_window.py" line="150"/>
        <source>Export charts (PNG and SVG)…</source>
        <translation>导出图表（PNG 和 SVG）…</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/main_window.py" line="155"/>
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/main_window.py" line="156"/>
        <source>Catalog</source>
        <translation>硬件目录</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/main_window.py" line="169"/>
        <source>Your calibration cannot be read (%1): plans use the published one; Tools → Calibrate… resets it.</source>
        <translation>无法读取您的校准（%1）：规划改用公开校准；可在“工具 → 校准…”中重置。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/main_window.py" line="179"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/main_window.py" line="209"/>
        <source>Filter plans…</source>
        <translation>筛选方案…</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/main_window.py" line="211"/>
        <source>Compare selected</source>
        <translation>对比所选</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/main_window.py" line="212"/>
        <source>Select two or three plans (Ctrl+click) to see them side by side</source>
        <translation>选择两到三个方案（Ctrl+单击）进行并排对比</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/main_window.py" line="215"/>
        <source>Ranked plans</source>
        <translation>排名方案</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/main_window.py" line="231"/>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/main_window.py" line="241"/>
        <source>Spec sheet PDF…</source>
        <translation>规格书 PDF…</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/main_window.py" line="242"/>
        <source>Export the rack and power spec sheet of the selected plan</source>
        <translation>导出所选方案的机柜与供电规格书</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/main_window.py" line="244"/>
        <source>Print preview…</source>
        <translation>打印预览…</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/main_window.py" line="248"/>
        <source>An example to start from: these plans answer the inputs the app starts with (the defaults on the left). Change any of them, or open a scenario (Ctrl+O), to plan your own job.</source>
        <translation>这是一个示例：下面的方案对应程序启动时的输入（左侧的默认值）。修改其中任意一项，或打开一个场景文件（Ctrl+O），即可规划您自己的任务。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/main_window.py" line="250"/>
        <source>Hide</source>
        <translation>隐藏</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/main_window.py" line="290"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/main_window.py" line="291"/>
        <source>&amp;New scenario</source>
        <translation>新建方案(&amp;N)</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/main_window.py" line="292"/>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/main_window.py" line="293"/>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/main_window.py" line="294"/>
        <source>Save &amp;as…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/main_window.py" line="295"/>
        <source>&amp;Close scenario</source>
        <translation>关闭方案(&amp;C)</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/main_window.py" line="302"/>
        <source>Export plans as &amp;CSV…</source>
        <translation>导出方案为 &amp;CSV…</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/main_window.py" line="305"/>
        <source>Export plans as a spreadsheet (&amp;xlsx)…</source>
        <translation>将方案导出为电子表格（&amp;xlsx）…</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/main_window.py" line="308"/>
        <source>Import a vendor &amp;quote (CSV)…</source>
        <translation>导入厂商报价(&amp;Q)（CSV）…</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/main_window.py" line="313"/>
        <source>&amp;Export spec sheet (PDF)…</source>
        <translation>导出规格书 PDF(&amp;E)…</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/main_window.py" line="314"/>
        <source>Print pre&amp;view…</source>
        <translation>打印预览(&amp;V)…</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/main_window.py" line="315"/>
        <source>&amp;Print…</source>
        <translation>打印(&amp;P)…</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/main_window.py" line="324"/>
        <source>Open &amp;recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/main_window.py" line="327"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/main_window.py" line="332"/>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/main_window.py" line="333"/>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/main_window.py" line="335"/>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/main_window.py" line="339"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/main_window.py" line="340"/>
        <source>&amp;Plan again</source>
        <translation>重新规划(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/main_window.py" line="342"/>
        <source>Plan the current inputs again, e.g. after a cancel</source>
        <translation>按当前输入重新规划（例如取消之后）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/main_window.py" line="345"/>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/main_window.py" line="350"/>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/main_window.py" line="351"/>
        <source>&amp;Calibrate…</source>
        <translation>校准(&amp;C)…</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/main_window.py" line="352"/>
        <source>Fit the estimates to runs you measured on your own hardware</source>
        <translation>使估算与您在自己硬件上实测的运行拟合</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/main_window.py" line="355"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/main_window.py" line="356"/>
        <source>GPU Planner &amp;help</source>
        <translation>GPU Planner 帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/main_window.py" line="360"/>
        <source>&amp;About GPU Planner</source>
        <translation>关于 GPU Planner(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/main_window.py" line="415"/>
        <source>Select a plan to see its details.</source>
        <translation>请选择一个方案以查看详情。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/main_window.py" line="442"/>
        <source>Select two or three plans to compare.</source>
        <translation>请选择两到三个方案进行对比。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/main_window.py" line="446"/>
        <source>Compare plans</source>
        <translation>方案对比</translation>
    </message>
</context>
<context>
    <name>ModelPage</name>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="72"/>
        <source>Which model, and how much data?</source>
        <translation>哪个模型，多少数据？</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="73"/>
        <source>Choose a preset (type to search), describe your own architecture, or import a Hugging Face config.json.</source>
        <translation>选择预设模型（可输入搜索），自定义架构，或导入 Hugging Face 的 config.json。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="83"/>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="119"/>
        <source>Custom architecture</source>
        <translation>自定义架构</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="109"/>
        <source>Image models from the catalog, with their sources.</source>
        <translation>目录中的图像模型，注明来源。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="110"/>
        <source>Model presets come from the catalog, with their source.</source>
        <translation>预设模型来自硬件目录，并注明来源。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="111"/>
        <source>Import config.json…</source>
        <translation>导入 config.json…</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="112"/>
        <source>Read layers, widths, heads and vocabulary from a local Hugging Face config.json.</source>
        <translation>从本地 Hugging Face config.json 读取层数、维度、头数和词表大小。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="114"/>
        <source>Import U-Net config.json…</source>
        <translation>导入 U-Net config.json…</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="115"/>
        <source>Count a diffusion U-Net&apos;s parameters and FLOPs per image from its diffusers config.json (unet/config.json of a Stable Diffusion repository).</source>
        <translation>根据 diffusers 的 config.json（Stable Diffusion 仓库中的 unet/config.json）计算扩散 U-Net 的参数量和每张图像的 FLOPs。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="121"/>
        <source>Transformer layers</source>
        <translation>Transformer 层数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="122"/>
        <source>Hidden size (model width)</source>
        <translation>隐藏层维度（模型宽度）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="123"/>
        <source>Attention heads</source>
        <translation>注意力头数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="124"/>
        <source>Key/value heads: fewer than heads means GQA/MQA, which shrinks the KV cache</source>
        <translation>KV 头数：少于注意力头数即为 GQA/MQA，可缩小 KV 缓存</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="126"/>
        <source>MLP inner width</source>
        <translation>MLP 中间层维度</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="127"/>
        <source>Vocabulary size</source>
        <translation>词表大小</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="131"/>
        <source>Gated MLP (SwiGLU)</source>
        <translation>门控 MLP（SwiGLU）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="133"/>
        <source>Tied input/output embeddings</source>
        <translation>输入/输出词嵌入共享</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="134"/>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="135"/>
        <source>Hidden size</source>
        <translation>隐藏层维度</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="136"/>
        <source>Heads</source>
        <translation>注意力头</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="137"/>
        <source>KV heads</source>
        <translation>KV 头数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="138"/>
        <source>MLP width</source>
        <translation>MLP 维度</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="139"/>
        <source>Vocabulary</source>
        <translation>词表</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="143"/>
        <source>Data and batch</source>
        <translation>数据与批大小</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="146"/>
        <source>Training tokens, in billions (2T, 500B and 1e3 are read too)</source>
        <translation>训练 token 数，单位十亿（也可输入 2T、500B、1e3）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="149"/>
        <source>Tokens per sequence (context length)</source>
        <translation>每个序列的 token 数（上下文长度）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="150"/>
        <source>From dataset size…</source>
        <translation>由数据集规模换算…</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="151"/>
        <source>Documents or gigabytes of text, turned into the tokens they mean</source>
        <translation>把文档数或文本 GB 数换算成对应的 token 数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="158"/>
        <source>Tokens</source>
        <translation>token 数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="159"/>
        <source>Global batch (sequences)</source>
        <translation>全局批大小（序列数）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="160"/>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="162"/>
        <source>Serving load</source>
        <translation>推理负载</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="165"/>
        <source>Requests decoded together per replica. Auto: with a throughput target, the most the KV cache holds within the latency limits (the fewest replicas); otherwise one request</source>
        <translation>每个副本同时解码的请求数。自动：设了吞吐目标时取时延上限内 KV 缓存能容纳的最大批量（副本最少），否则为 1 个请求</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="168"/>
        <source>Auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="169"/>
        <source>Prompt length in tokens</source>
        <translation>提示词长度（token）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="170"/>
        <source>Generated tokens per request</source>
        <translation>每个请求生成的 token 数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="174"/>
        <source>The same GPU gives very different numbers per engine</source>
        <translation>同一块 GPU 在不同推理引擎上的性能差别很大</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="176"/>
        <source>All of the mean length</source>
        <translation>全部为平均长度</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="176"/>
        <source>Spread as ShareGPT&apos;s replies</source>
        <translation>按 ShareGPT 回复的长度分布</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="179"/>
        <source>Users served at once: sizes the replicas (Not set: the throughput target and the batch size them)</source>
        <translation>同时服务的用户数：据此确定副本数（未设置：按吞吐目标和批大小确定）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="181"/>
        <source>Not set</source>
        <translation>未设置</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="183"/>
        <source>Longest wait for the first token (0 = no limit)</source>
        <translation>首 token 最长等待时间（0 = 不限）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="184"/>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="187"/>
        <source>No limit</source>
        <translation>不限</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="186"/>
        <source>Longest time between output tokens for each user (0 = no limit)</source>
        <translation>每个用户相邻输出 token 的最长间隔（0 = 不限）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="192"/>
        <source> h</source>
        <translation> 小时</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="193"/>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="195"/>
        <source>Engine default</source>
        <translation>引擎默认</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="195"/>
        <source>Whole length reserved up front</source>
        <translation>预留完整长度</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="196"/>
        <source>Cache in use, pausing requests when full</source>
        <translation>按实际占用，满时暂停请求</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="197"/>
        <source>How requests are admitted to the KV cache. Whole length: room for input + output is reserved when a request starts (TensorRT-LLM&apos;s default GUARANTEED_NO_EVICT; llama.cpp&apos;s slots). Cache in use: room for what the sequences hold, more of them at once (TensorRT-LLM&apos;s MAX_UTILIZATION; vLLM always).</source>
        <translation>请求如何进入 KV 缓存。预留完整长度：请求开始时即为输入 + 输出预留空间（TensorRT-LLM 默认的 GUARANTEED_NO_EVICT；llama.cpp 的槽位）。按实际占用：只为序列当前持有的内容留空间，可同时容纳更多序列（TensorRT-LLM 的 MAX_UTILIZATION；vLLM 始终如此）。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="201"/>
        <source>Concurrent users</source>
        <translation>并发用户数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="202"/>
        <source>Time to first token under</source>
        <translation>首 token 时延上限</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="203"/>
        <source>Time per output token under</source>
        <translation>每 token 时延上限</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="204"/>
        <source>Runs per day</source>
        <translation>每天运行</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="205"/>
        <source>Batch</source>
        <translation>批大小</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="206"/>
        <source>Input tokens</source>
        <translation>输入 token 数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="207"/>
        <source>Output tokens</source>
        <translation>输出 token 数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="208"/>
        <source>Output lengths</source>
        <translation>输出长度分布</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="209"/>
        <source>Engine</source>
        <translation>推理引擎</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="210"/>
        <source>KV-cache memory share</source>
        <translation>KV 缓存显存比例</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="211"/>
        <source>KV-cache admission</source>
        <translation>KV 缓存准入</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="213"/>
        <source>Images</source>
        <translation>图像数据</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="216"/>
        <source>Images per epoch (ImageNet-1k: 1,281,167)</source>
        <translation>每轮图像数（ImageNet-1k：1,281,167）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="219"/>
        <source>Images per optimizer step, all GPUs together</source>
        <translation>每次优化器更新的图像数（所有 GPU 合计）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="221"/>
        <source>Image side in pixels</source>
        <translation>图像边长（像素）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="223"/>
        <source>Forward FLOPs of one image at the model&apos;s own resolution, in GFLOP: leave it at “from the model” to use the count of its architecture</source>
        <translation>一张图像在模型原生分辨率下的前向 FLOPs（GFLOP）：保持“按模型计算”即使用由其架构算出的数值</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="225"/>
        <source>from the model</source>
        <translation>按模型计算</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="233"/>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="243"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="234"/>
        <source>Images per epoch</source>
        <translation>每轮图像数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="235"/>
        <source>Epochs</source>
        <translation>轮数（epoch）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="236"/>
        <source>Batch (images)</source>
        <translation>批大小（图像数）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="237"/>
        <source>Resolution</source>
        <translation>分辨率</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="238"/>
        <source>FLOPs per image</source>
        <translation>每张图像 FLOPs</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="319"/>
        <source>“%1” cannot be planned for this task: the catalog lacks its forward FLOPs per image; pick another model</source>
        <translation>“%1”无法用于此任务的规划：目录中缺少其每张图像的前向 FLOPs；请选择其他模型</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="325"/>
        <source>“%1” is not a model in the list: pick one (type part of its name), or choose Custom architecture</source>
        <translation>“%1”不在模型列表中：请从列表选择（可输入名称的一部分搜索），或选择“自定义架构”</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="343"/>
        <source>Import config.json</source>
        <translation>导入 config.json</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="343"/>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="349"/>
        <source>JSON files (*.json)</source>
        <translation>JSON 文件 (*.json)</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="349"/>
        <source>Import U-Net config.json</source>
        <translation>导入 U-Net config.json</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="359"/>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="396"/>
        <source>Cannot import</source>
        <translation>无法导入</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="360"/>
        <source>This U-Net config.json cannot be used: %1</source>
        <translation>无法使用此 U-Net config.json：%1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="397"/>
        <source>This config.json cannot be used: %1</source>
        <translation>无法使用此 config.json：%1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/model_page.py" line="418"/>
        <source>%1 (imported U-Net)</source>
        <translation>%1（导入的 U-Net）</translation>
    </message>
</context>
<context>
    <name>NoticeBar</name>
    <message>
        <location filename="../../gpuplanner/ui/notices.py" line="23"/>
        <source>Dismiss</source>
        <translation>关闭提示</translation>
    </message>
</context>
<context>
    <name>NumberInput</name>
    <message>
        <location filename="../../gpuplanner/ui/widgets.py" line="54"/>
        <source>“%1” is not a number (examples: 1500, 1.5k, 2T, 1e3)</source>
        <translation>“%1”不是数字（例如：1500、1.5k、2T、1e3）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/widgets.py" line="55"/>
        <source>“%1”: the separator is ambiguous; use %2 for decimals, or group thousands in threes (1,281,167)</source>
        <translation>“%1”：分隔符有歧义；小数请用 %2，千位分隔请每三位一组（1,281,167）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/widgets.py" line="57"/>
        <source>“%1” is too large</source>
        <translation>“%1”太大</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/widgets.py" line="58"/>
        <source>must be a whole number, not %1</source>
        <translation>必须是整数，而不是 %1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/widgets.py" line="59"/>
        <source>must be at least %1</source>
        <translation>不能小于 %1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/widgets.py" line="60"/>
        <source>must be at most %1</source>
        <translation>不能大于 %1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/widgets.py" line="177"/>
        <source>“%1” is not a number of %2 (examples: %3)</source>
        <translation>“%1”不是以 %2 为单位的数字（例如：%3）</translation>
    </message>
</context>
<context>
    <name>PlanMarks</name>
    <message>
        <location filename="../../gpuplanner/i18n/plan_marks.py" line="14"/>
        <source>%1, generic chassis</source>
        <translation>%1，通用机箱</translation>
    </message>
</context>
<context>
    <name>PlanningController</name>
    <message>
        <location filename="../../gpuplanner/ui/planning_controller.py" line="130"/>
        <source>Estimating…</source>
        <translation>正在估算…</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/planning_controller.py" line="137"/>
        <source>Check the highlighted field on page %1: %2</source>
        <translation>请检查第 %1 页中高亮的字段：%2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/planning_controller.py" line="140"/>
        <source>Check the highlighted field: %1</source>
        <translation>请检查高亮的字段：%1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/planning_controller.py" line="164"/>
        <source>1 plan evaluated: %1 × %2</source>
        <translation>已评估 1 个方案：%1 × %2</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/planning_controller.py" line="166"/>
        <source>%1 plans evaluated; best: %2 × %3</source>
        <translation>已评估 %1 个方案；最佳：%2 × %3</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/planning_controller.py" line="172"/>
        <source>No plan fits.</source>
        <translation>没有可行方案。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/planning_controller.py" line="205"/>
        <source>Updating for your latest edit… The plans below are for your earlier inputs.</source>
        <translation>正在按您最新的修改更新…… 下方方案对应的是之前的输入。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/planning_controller.py" line="206"/>
        <source>Not updated: check the highlighted field. The plans below are for your earlier inputs and cannot be printed until the inputs are valid.</source>
        <translation>未更新：请检查高亮的字段。下方方案对应的是之前的输入，输入有效之前不能打印。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/planning_controller.py" line="208"/>
        <source>Not updated: the estimate was cancelled. The plans below are for your earlier inputs; View &gt; Plan again (F5) plans the current ones.</source>
        <translation>未更新：估算已取消。下面的方案对应您之前的输入；视图 &gt; 重新规划（F5）可按当前输入规划。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/planning_controller.py" line="227"/>
        <source>Estimate cancelled; the plans shown were not updated (F5 plans again).</source>
        <translation>估算已取消；显示的方案未更新（按 F5 重新规划）。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/planning_controller.py" line="210"/>
        <source>Not updated: the estimate failed. The plans below are for your earlier inputs.</source>
        <translation>未更新：估算失败。下方方案对应的是之前的输入。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/planning_controller.py" line="238"/>
        <source>The estimate failed: %1</source>
        <translation>估算失败：%1</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/planning_controller.py" line="240"/>
        <source>Estimate failed</source>
        <translation>估算失败</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/planning_controller.py" line="241"/>
        <source>Something went wrong while estimating; your inputs are kept.

%1</source>
        <translation>估算时出错；您的输入已保留。

%1</translation>
    </message>
</context>
<context>
    <name>PlansTableModel</name>
    <message>
        <location filename="../../gpuplanner/ui/plans_model.py" line="70"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/plans_model.py" line="70"/>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/plans_model.py" line="70"/>
        <source>Where</source>
        <translation>部署</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/plans_model.py" line="70"/>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/plans_model.py" line="71"/>
        <source>Nodes</source>
        <translation>节点数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/plans_model.py" line="71"/>
        <source>Layout</source>
        <translation>并行布局</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/plans_model.py" line="71"/>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/plans_model.py" line="72"/>
        <source>Memory / GPU</source>
        <translation>单卡显存</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/plans_model.py" line="73"/>
        <source>Time or throughput</source>
        <translation>时间或吞吐量</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/plans_model.py" line="73"/>
        <source>IT power</source>
        <translation>IT 功率</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/plans_model.py" line="73"/>
        <source>Racks</source>
        <translation>机柜数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/plans_model.py" line="74"/>
        <source>Capex</source>
        <translation>资本支出</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/plans_model.py" line="74"/>
        <source>Cloud cost</source>
        <translation>云上费用</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/plans_model.py" line="74"/>
        <source>Cost (ranked by)</source>
        <translation>成本（排名依据）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/plans_model.py" line="75"/>
        <source>TCO</source>
        <translation>总拥有成本</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/plans_model.py" line="76"/>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/plans_model.py" line="123"/>
        <source>DP %1 · %2 images/pass</source>
        <translation>DP %1 · 每次 %2 张</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/plans_model.py" line="139"/>
        <source>%1 (%2 images/s)</source>
        <translation>%1（每秒 %2 张图）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/plans_model.py" line="146"/>
        <source>n/a</source>
        <translation>不详</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/plans_model.py" line="187"/>
        <source>%1 of %2 GiB: under %3 % headroom, allocator fragmentation or a longer sequence can run out of memory</source>
        <translation>%1 / %2 GiB：余量不足 %3 %，显存碎片或更长的序列可能导致显存不足</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/plans_model.py" line="192"/>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/plans_model.py" line="114"/>
        <source>Buy</source>
        <translation>购买</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/plans_model.py" line="114"/>
        <source>Rent</source>
        <translation>租用</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/plans_model.py" line="131"/>
        <source>%1 / %2 GiB</source>
        <translation>%1 / %2 GiB</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/plans_model.py" line="143"/>
        <source>%1 tok/s</source>
        <translation>每秒 %1 token</translation>
    </message>
</context>
<context>
    <name>PrecisionPage</name>
    <message>
        <location filename="../../gpuplanner/ui/wizard/precision_page.py" line="35"/>
        <source>Precision and memory savers</source>
        <translation>精度与省显存手段</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/precision_page.py" line="36"/>
        <source>The defaults are chosen for you: leave them unless you know you need another. Automatic choices are searched for the fastest layout that fits; combinations a GPU cannot run are explained in the results&apos; warnings.</source>
        <translation>默认值已为您选好：除非确知需要别的设置，否则保持不变即可。“自动”选项会搜索放得下的最快布局；GPU 无法运行的组合会在结果的警告中说明。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/precision_page.py" line="42"/>
        <source>Math precision. FP4 needs Blackwell or CDNA 4 tensor cores, FP8 Hopper, Ada or newer, BF16 Ampere or newer.</source>
        <translation>计算精度。FP4 需要 Blackwell 或 CDNA 4 张量核心，FP8 需要 Hopper、Ada 或更新架构，BF16 需要 Ampere 或更新架构。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/precision_page.py" line="46"/>
        <source>AdamW keeps two fp32 moments per parameter (8 bytes); 8-bit Adam 2 bytes; Adafactor almost none.</source>
        <translation>AdamW 每个参数保存两个 fp32 动量（8 字节）；8 位 Adam 2 字节；Adafactor 几乎为零。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/precision_page.py" line="48"/>
        <source>Best modern stack</source>
        <translation>最佳现代软件栈</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/precision_page.py" line="50"/>
        <source>DeepSpeed pipeline engine</source>
        <translation>DeepSpeed 流水线引擎</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/precision_page.py" line="52"/>
        <source>Hugging Face Transformers / PEFT (eager)</source>
        <translation>Hugging Face Transformers / PEFT（eager 逐算子执行）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/precision_page.py" line="53"/>
        <source>The training framework: what it can split (tensor, pipeline, ZeRO stages) and how it runs (FlashAttention, gradient dtype and overlap). The estimate lists what came from it.</source>
        <translation>训练框架：它能如何切分（张量并行、流水线并行、ZeRO 阶段）以及如何运行（FlashAttention、梯度精度与通信重叠）。估算会列出哪些设置来自它。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/precision_page.py" line="56"/>
        <location filename="../../gpuplanner/ui/wizard/precision_page.py" line="61"/>
        <source>Automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/precision_page.py" line="56"/>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/precision_page.py" line="56"/>
        <source>Selective</source>
        <translation>选择性重计算</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/precision_page.py" line="57"/>
        <source>Full</source>
        <translation>完全重计算</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/precision_page.py" line="58"/>
        <source>Activation recomputation: selective recomputes only attention internals (a few % slower); full keeps only each layer&apos;s input and recomputes the layer (about a third more compute).</source>
        <translation>激活重计算：选择性重计算只重算注意力内部（慢几个百分点）；完全重计算只保存每层输入并重算整层（计算量约多三分之一）。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/precision_page.py" line="61"/>
        <source>Off (plain data parallel)</source>
        <translation>关闭（普通数据并行）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/precision_page.py" line="62"/>
        <source>ZeRO-1: shard optimizer states</source>
        <translation>ZeRO-1：分片优化器状态</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/precision_page.py" line="62"/>
        <source>ZeRO-2: + gradients</source>
        <translation>ZeRO-2：再分片梯度</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/precision_page.py" line="63"/>
        <source>ZeRO-3 / FSDP: + weights</source>
        <translation>ZeRO-3 / FSDP：再分片权重</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/precision_page.py" line="64"/>
        <source>ZeRO shards training state across data-parallel GPUs; ZeRO-3 (FSDP) also shards the weights at the cost of gathering them every step.</source>
        <translation>ZeRO 将训练状态分片到数据并行的各 GPU 上；ZeRO-3（FSDP）还会分片权重，代价是每步都要收集权重。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/precision_page.py" line="67"/>
        <source>LoRA rank r: each adapted matrix gains r x (in + out) parameters</source>
        <translation>LoRA 秩 r：每个适配矩阵增加 r ×（输入 + 输出）个参数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/precision_page.py" line="70"/>
        <source>All linear layers</source>
        <translation>所有线性层</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/precision_page.py" line="70"/>
        <source>Attention (q, k, v, o)</source>
        <translation>注意力层（q、k、v、o）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/precision_page.py" line="71"/>
        <source>q and v only</source>
        <translation>仅 q 和 v</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/precision_page.py" line="73"/>
        <source>Dropout on each adapted matrix&apos;s input (0: none). Each adapted matrix then keeps a dropped copy of its input and a mask for the backward pass.</source>
        <translation>在每个加了适配器的矩阵的输入上做 dropout（0：不做）。这样每个适配矩阵都要为反向传播多保存一份 dropout 后的输入副本和一个掩码。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/precision_page.py" line="77"/>
        <source>Paged optimizer (states spill to CPU memory under pressure)</source>
        <translation>分页优化器（显存紧张时状态换出到内存）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/precision_page.py" line="79"/>
        <source>As computed</source>
        <translation>与计算精度相同</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/precision_page.py" line="80"/>
        <source>FP8 (Transformer Engine FP8 parameters)</source>
        <translation>FP8（Transformer Engine FP8 参数）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/precision_page.py" line="81"/>
        <source>NF4 (a frozen LoRA base)</source>
        <translation>NF4（冻结的 LoRA 基座）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/precision_page.py" line="81"/>
        <source>FP4 (NVFP4 parameters, Blackwell)</source>
        <translation>FP4（NVFP4 参数，Blackwell）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/precision_page.py" line="82"/>
        <source>How the weight matrices are kept in GPU memory. FP8 halves them (the FP8 GEMMs read them directly; trained FP8 weights need FP8 precision); FP4 keeps two NVFP4 copies, about 9 bits a weight (trained FP4 weights need FP4 precision); NF4 stores a frozen LoRA base in 4 bits. Embeddings, norms and the output head stay 16-bit.</source>
        <translation>权重矩阵在显存中的存储格式。FP8 使其减半（FP8 矩阵乘直接读取；训练 FP8 权重需要 FP8 精度）；FP4 保存两份 NVFP4 副本，每个权重约 9 位（训练 FP4 权重需要 FP4 精度）；NF4 以 4 位存储冻结的 LoRA 基座。嵌入层、归一化层和输出头仍为 16 位。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/precision_page.py" line="88"/>
        <source>Weight format for serving</source>
        <translation>推理时的权重格式</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/precision_page.py" line="90"/>
        <source>KV-cache format</source>
        <translation>KV 缓存格式</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/precision_page.py" line="107"/>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/precision_page.py" line="107"/>
        <source>Software stack</source>
        <translation>软件栈</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/precision_page.py" line="108"/>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/precision_page.py" line="108"/>
        <source>Recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/precision_page.py" line="109"/>
        <source>ZeRO / FSDP</source>
        <translation>ZeRO / FSDP</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/precision_page.py" line="109"/>
        <source>LoRA rank</source>
        <translation>LoRA 秩</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/precision_page.py" line="110"/>
        <source>LoRA targets</source>
        <translation>LoRA 目标层</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/precision_page.py" line="110"/>
        <source>LoRA dropout</source>
        <translation>LoRA dropout 比例</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/precision_page.py" line="111"/>
        <source>Weights stored as</source>
        <translation>权重存储格式</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/precision_page.py" line="112"/>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/precision_page.py" line="112"/>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
</context>
<context>
    <name>QFileDialog</name>
    <message>
        <location filename="../../gpuplanner/i18n/qt_gaps.py" line="9"/>
        <source>&amp;Look in:</source>
        <translation>查找范围(&amp;L)：</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/qt_gaps.py" line="10"/>
        <source>Files of &amp;type:</source>
        <translation>文件类型(&amp;T)：</translation>
    </message>
</context>
<context>
    <name>QuotePreviewDialog</name>
    <message>
        <location filename="../../gpuplanner/ui/quote_preview.py" line="79"/>
        <source>Import a vendor quote</source>
        <translation>导入供应商报价</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/quote_preview.py" line="83"/>
        <source>%1: %2 price(s) will change in your catalog edits, %3 line(s) are refused.</source>
        <translation>%1：你的目录修改中将有 %2 个价格改变，%3 行被拒绝。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/quote_preview.py" line="88"/>
        <location filename="../../gpuplanner/ui/quote_preview.py" line="92"/>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/quote_preview.py" line="88"/>
        <source>Item</source>
        <translation>项目</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/quote_preview.py" line="88"/>
        <source>Catalog price now</source>
        <translation>目录现价</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/quote_preview.py" line="89"/>
        <source>Quoted price</source>
        <translation>报价</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/quote_preview.py" line="89"/>
        <source>Quote date</source>
        <translation>报价日期</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/quote_preview.py" line="92"/>
        <source>Why it is refused</source>
        <translation>拒绝原因</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/quote_preview.py" line="97"/>
        <source>Refused lines are not imported: Apply stores the other lines only. Correct the refused lines in the file and import it again to add them.</source>
        <translation>被拒绝的行不会导入：“应用”只保存其余各行。请在文件中改正被拒绝的行，再次导入即可加入它们。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/quote_preview.py" line="105"/>
        <source>Apply %1 price(s)</source>
        <translation>应用 %1 个价格</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/quote_preview.py" line="115"/>
        <source>n/a</source>
        <translation>不详</translation>
    </message>
</context>
<context>
    <name>RlPage</name>
    <message>
        <location filename="../../gpuplanner/ui/wizard/rl_page.py" line="19"/>
        <source>RL post-training</source>
        <translation>RL 后训练</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/rl_page.py" line="20"/>
        <source>Each step generates, scores and trains. Zero or Automatic: the planner decides.</source>
        <translation>每一步：生成、打分、训练。填 0 或选“自动”即交给规划器决定。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/rl_page.py" line="23"/>
        <source>GRPO (a group of samples per prompt, no critic)</source>
        <translation>GRPO（每个提示一组采样，无价值模型）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/rl_page.py" line="24"/>
        <source>PPO (a critic trained beside the policy)</source>
        <translation>PPO（与策略模型一同训练价值模型）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/rl_page.py" line="25"/>
        <source>DPO (offline preference pairs, no rollout)</source>
        <translation>DPO（离线偏好对，无采样生成）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/rl_page.py" line="26"/>
        <source>The RL algorithm: GRPO and PPO generate their training data each step; DPO trains on given chosen and rejected responses</source>
        <translation>RL 算法：GRPO 和 PPO 每步自行生成训练数据；DPO 用给定的优选与劣选回答训练</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/rl_page.py" line="28"/>
        <source>Prompts per step (DPO: preference pairs)</source>
        <translation>每步提示数（DPO：偏好对数）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/rl_page.py" line="30"/>
        <source>Responses per prompt (GRPO&apos;s group size); 0: the algorithm&apos;s (8 for GRPO, 1 for PPO, 2 for DPO)</source>
        <translation>每个提示的回答数（GRPO 的组大小）；0：取算法默认值（GRPO 8，PPO 1，DPO 2）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/rl_page.py" line="32"/>
        <source>Automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/rl_page.py" line="33"/>
        <location filename="../../gpuplanner/ui/wizard/rl_page.py" line="35"/>
        <location filename="../../gpuplanner/ui/wizard/rl_page.py" line="38"/>
        <source> tokens</source>
        <translation> token</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/rl_page.py" line="37"/>
        <source>The longest response, which a synchronous step waits for (0: twice the mean)</source>
        <translation>最长的回答，同步的单步要等它生成完（0：平均长度的两倍）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/rl_page.py" line="39"/>
        <source>Twice the mean</source>
        <translation>平均长度的两倍</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/rl_page.py" line="43"/>
        <source>The rollout engine: vLLM and SGLang batch requests in flight over a paged KV cache; Hugging Face generate runs padded static batches, much slower</source>
        <translation>采样生成引擎：vLLM 和 SGLang 基于分页 KV 缓存做动态批处理；Hugging Face generate 以补齐的静态批次运行，慢得多</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/rl_page.py" line="46"/>
        <source>Automatic (searched)</source>
        <translation>自动（搜索）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/rl_page.py" line="46"/>
        <source>Colocated with training</source>
        <translation>与训练共置</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/rl_page.py" line="47"/>
        <source>On GPUs of its own</source>
        <translation>独立 GPU</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/rl_page.py" line="48"/>
        <source>Colocated: the engine and the training take turns on every GPU; apart: some GPUs only generate, the rest only train, each waiting for the other</source>
        <translation>共置：推理引擎与训练在每块 GPU 上轮流运行；分离：部分 GPU 只负责生成，其余只负责训练，双方互相等待</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/rl_page.py" line="51"/>
        <source>GPUs of the rollout engine when it runs apart (0: searched)</source>
        <translation>分离部署时推理引擎使用的 GPU 数（0：搜索）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/rl_page.py" line="52"/>
        <source>Searched</source>
        <translation>搜索</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/rl_page.py" line="53"/>
        <source>One step off: generate the next step while this one trains</source>
        <translation>错开一步：本步训练时同时生成下一步的数据</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/rl_page.py" line="54"/>
        <source>Reference model (the KL term&apos;s frozen policy)</source>
        <translation>参考模型（KL 项所用的冻结策略模型）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/rl_page.py" line="56"/>
        <source>Optimizer updates per step: the step&apos;s samples in this many mini-batches</source>
        <translation>每步优化器更新次数：把本步的样本分成这么多个小批次</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/rl_page.py" line="58"/>
        <source>Prompts over the whole run (0: 1,000 steps&apos; worth)</source>
        <translation>整个训练过程的提示总数（0：按 1,000 步计）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/rl_page.py" line="59"/>
        <source>1,000 steps</source>
        <translation>1,000 步</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/rl_page.py" line="60"/>
        <source>Algorithm</source>
        <translation>算法</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/rl_page.py" line="61"/>
        <source>Prompts per step</source>
        <translation>每步提示数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/rl_page.py" line="62"/>
        <source>Samples per prompt</source>
        <translation>每个提示的采样数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/rl_page.py" line="63"/>
        <source>Prompt length</source>
        <translation>提示长度</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/rl_page.py" line="64"/>
        <source>Response length (mean)</source>
        <translation>回答长度（平均）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/rl_page.py" line="65"/>
        <source>Longest response</source>
        <translation>最长回答</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/rl_page.py" line="66"/>
        <source>Rollout engine</source>
        <translation>采样生成引擎</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/rl_page.py" line="67"/>
        <source>Placement</source>
        <translation>部署方式</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/rl_page.py" line="68"/>
        <source>Rollout GPUs</source>
        <translation>生成 GPU</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/rl_page.py" line="71"/>
        <source>Updates per step</source>
        <translation>每步更新次数</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/rl_page.py" line="72"/>
        <source>Prompts in the run</source>
        <translation>全程提示数</translation>
    </message>
</context>
<context>
    <name>ScenarioEdit</name>
    <message>
        <location filename="../../gpuplanner/ui/document.py" line="33"/>
        <source>Edit inputs</source>
        <translation>修改输入</translation>
    </message>
</context>
<context>
    <name>ScenarioWizard</name>
    <message>
        <location filename="../../gpuplanner/ui/wizard/wizard.py" line="240"/>
        <source>Custom model</source>
        <translation>自定义模型</translation>
    </message>
</context>
<context>
    <name>TaskPage</name>
    <message>
        <location filename="../../gpuplanner/ui/wizard/task_page.py" line="17"/>
        <source>What do you want to run?</source>
        <translation>您要运行什么任务？</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/task_page.py" line="18"/>
        <source>Pick the job; every later page adapts to it.</source>
        <translation>选择任务类型；后续页面会随之调整。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/task_page.py" line="23"/>
        <source>Pretrain a language model</source>
        <translation>预训练语言模型</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/task_page.py" line="24"/>
        <source>Train all weights from scratch on a token budget.</source>
        <translation>按 token 预算从零训练全部权重。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/task_page.py" line="25"/>
        <source>Full fine-tune</source>
        <translation>全参数微调</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/task_page.py" line="26"/>
        <source>Update all weights on your data (same memory as pretraining).</source>
        <translation>在您的数据上更新全部权重（显存需求与预训练相同）。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/task_page.py" line="27"/>
        <source>LoRA fine-tune</source>
        <translation>LoRA 微调</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/task_page.py" line="27"/>
        <source>Freeze the model, train small low-rank adapters.</source>
        <translation>冻结模型，只训练小的低秩适配器。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/task_page.py" line="28"/>
        <source>QLoRA fine-tune</source>
        <translation>QLoRA 微调</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/task_page.py" line="29"/>
        <source>LoRA on a 4-bit (NF4) frozen base: the cheapest way to tune a big model.</source>
        <translation>在 4 位（NF4）冻结底座上做 LoRA：微调大模型最省的方式。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/task_page.py" line="30"/>
        <source>Serve a model (inference)</source>
        <translation>部署模型推理服务</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/task_page.py" line="31"/>
        <source>Latency, throughput and how many GPUs a load needs.</source>
        <translation>时延、吞吐量，以及承载负载需要多少 GPU。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/task_page.py" line="32"/>
        <source>Image model training</source>
        <translation>图像模型训练</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/task_page.py" line="33"/>
        <source>Train an image classifier (ResNet, EfficientNet, ViT) on a dataset for some epochs.</source>
        <translation>在数据集上训练图像分类模型（ResNet、EfficientNet、ViT）若干轮。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/task_page.py" line="34"/>
        <source>Diffusion model training</source>
        <translation>扩散模型训练</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/task_page.py" line="35"/>
        <source>Train a diffusion model: DiT, a Stable Diffusion U-Net (1.5, 2, XL) or your own U-Net from its config.json.</source>
        <translation>训练扩散模型：DiT、Stable Diffusion 的 U-Net（1.5、2、XL），或由 config.json 描述的自定义 U-Net。</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/task_page.py" line="37"/>
        <source>RL post-training (GRPO, PPO, DPO)</source>
        <translation>RL 后训练（GRPO、PPO、DPO）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/ui/wizard/task_page.py" line="38"/>
        <source>Train a language model on its own rollouts: generation by a serving engine, the reference and critic passes, the update, and where each runs.</source>
        <translation>用语言模型自己生成的样本训练它：由推理引擎生成、参考模型与价值模型的计算、参数更新，以及各自运行在哪些 GPU 上。</translation>
    </message>
</context>
<context>
    <name>Terms</name>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="15"/>
        <source>rack power</source>
        <translation>机柜功率</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="16"/>
        <source>rack units</source>
        <translation>机柜空间（U）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="17"/>
        <source>rack weight</source>
        <translation>机柜承重</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="18"/>
        <source>cooling</source>
        <translation>散热能力</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="19"/>
        <source>air</source>
        <translation>风冷</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="20"/>
        <source>rear-door heat exchanger</source>
        <translation>背板换热</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="21"/>
        <source>cold plate</source>
        <translation>冷板液冷</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="22"/>
        <source>immersion</source>
        <translation>浸没式液冷</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="23"/>
        <source>beyond immersion presets</source>
        <translation>超出浸没式预设</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="24"/>
        <source>more than a rear-door heat exchanger removes</source>
        <translation>超出背板换热器的散热能力</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="25"/>
        <source>the cabinet&apos;s one circuit per feed</source>
        <translation>机柜每路仅一条回路</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="26"/>
        <source>unknown power (rack units only)</source>
        <translation>功率未知（仅按机位计）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="27"/>
        <source>the system is a whole rack</source>
        <translation>系统本身即整台机柜</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="28"/>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="30"/>
        <source>memory capacity</source>
        <translation>显存容量</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="31"/>
        <source>memory bandwidth</source>
        <translation>显存带宽</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="32"/>
        <source>server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="33"/>
        <source>liquid at the chip (cold plates)</source>
        <translation>芯片级液冷（冷板）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="34"/>
        <source>two tiers, non-blocking</source>
        <translation>两层无阻塞</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="35"/>
        <source>one leaf switch</source>
        <translation>单台叶交换机</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="36"/>
        <source>single node: no scale-out fabric</source>
        <translation>单节点：无需横向扩展网络</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="37"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="38"/>
        <source>selective</source>
        <translation>选择性</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="39"/>
        <source>full</source>
        <translation>完全</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="40"/>
        <source>passive copper (DAC)</source>
        <translation>无源铜缆（DAC）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="41"/>
        <source>multimode optics (SR4)</source>
        <translation>多模光模块（SR4）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="42"/>
        <source>single-mode optics (DR4)</source>
        <translation>单模光模块（DR4）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="44"/>
        <source>pretraining</source>
        <translation>预训练</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="45"/>
        <source>full fine-tuning</source>
        <translation>全参数微调</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="46"/>
        <source>LoRA fine-tuning</source>
        <translation>LoRA 微调</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="47"/>
        <source>QLoRA fine-tuning</source>
        <translation>QLoRA 微调</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="48"/>
        <source>inference serving</source>
        <translation>推理服务</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="49"/>
        <source>image-model training</source>
        <translation>图像模型训练</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="50"/>
        <source>diffusion-model training</source>
        <translation>扩散模型训练</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="51"/>
        <source>RL post-training</source>
        <translation>RL 后训练</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="53"/>
        <source>colocated with training</source>
        <translation>与训练共置</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="54"/>
        <source>on GPUs of its own</source>
        <translation>独立 GPU</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="56"/>
        <source>whole length reserved</source>
        <translation>预留完整长度</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="57"/>
        <source>cache in use</source>
        <translation>按实际占用</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="59"/>
        <source>vendor datasheet</source>
        <translation>厂商数据手册</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="60"/>
        <source>vendor document</source>
        <translation>厂商文档</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="61"/>
        <source>secondary source</source>
        <translation>间接来源</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="62"/>
        <source>estimate (low confidence)</source>
        <translation>估计值（低可信度）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="63"/>
        <source>your quote</source>
        <translation>您的报价</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="65"/>
        <source>shipped catalog</source>
        <translation>随软件提供的目录</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="66"/>
        <source>your edit</source>
        <translation>您的修改</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="68"/>
        <source>AdamW</source>
        <translation>AdamW</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="69"/>
        <source>8-bit Adam</source>
        <translation>8 位 Adam</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="70"/>
        <source>SGD with momentum</source>
        <translation>带动量的 SGD</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="71"/>
        <source>Adafactor</source>
        <translation>Adafactor</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="77"/>
        <source>Matrix math</source>
        <translation>矩阵运算</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="78"/>
        <source>Memory-bound kernels</source>
        <translation>访存密集型算子</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="79"/>
        <source>Tensor-parallel traffic</source>
        <translation>张量并行通信</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="80"/>
        <source>Pipeline sends</source>
        <translation>流水线传输</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="81"/>
        <source>Pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="82"/>
        <source>Gradient sync (exposed)</source>
        <translation>梯度同步（未被掩盖部分）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="83"/>
        <source>Optimizer step</source>
        <translation>优化器更新</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="84"/>
        <source>Context-parallel traffic (exposed)</source>
        <translation>上下文并行通信（未被掩盖部分）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="85"/>
        <source>Expert all-to-all</source>
        <translation>专家 all-to-all 通信</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="87"/>
        <source>Generation (rollout)</source>
        <translation>生成（采样）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="88"/>
        <source>Policy log-probs</source>
        <translation>策略模型对数概率</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="89"/>
        <source>Reference forward</source>
        <translation>参考模型前向</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="90"/>
        <source>Critic (values and update)</source>
        <translation>价值模型（估值与更新）</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="91"/>
        <source>Reward model</source>
        <translation>奖励模型</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="92"/>
        <source>Policy update</source>
        <translation>策略模型更新</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="93"/>
        <source>Weight sync to the engine</source>
        <translation>向推理引擎同步权重</translation>
    </message>
    <message>
        <location filename="../../gpuplanner/i18n/terms.py" line="94"/>
        <source>Offload to host and back</source>
        <translation>卸载到主机并取回</translation>
    </message>
</context>
</TS>
