// echarts, trimmed to what the chart widget draws. Imported only through `import()` by ChartWidget, so
// it is a chunk of its own that loads with the first chart (the login page and lists never carry it).
import * as echarts from 'echarts/core';
import { BarChart, FunnelChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([BarChart, LineChart, PieChart, FunnelChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export { echarts };
