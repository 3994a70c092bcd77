import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TabList } from './tab-list';

const tabs = [
  { id: 'orders', label: 'Order history' },
  { id: 'fills', label: 'Fills' },
] as const;

describe('TabList', () => {
  it('marks only the selected tab as selected', () => {
    const html = renderToStaticMarkup(<TabList label="Lists" tabs={tabs} selected="fills" onSelect={() => {}} />);
    expect(html).toContain('role="tablist" aria-label="Lists"');
    expect(html.match(/aria-selected="true"/g)).toHaveLength(1);
    expect(html).toMatch(/aria-selected="true"[^>]*>Fills</);
  });

  it('ties each tab to its panel by id when given a prefix', () => {
    const html = renderToStaticMarkup(<TabList label="Lists" tabs={tabs} selected="orders" onSelect={() => {}} idPrefix="history" />);
    expect(html).toContain('id="history-tab-orders" aria-controls="history-panel-orders"');
  });
});
