import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TableHead } from './table-head';

describe('TableHead', () => {
  it('gives every column a header cell, right-aligning numeric ones and hiding a control column\'s name but for screen readers', () => {
    const html = renderToStaticMarkup(
      <table>
        <TableHead cellClassName="" columns={['Coin', { label: 'Close', visuallyHidden: true }, { label: 'Balance', numeric: true }]} />
      </table>,
    );
    expect(html).toContain('<th scope="col">Coin</th>');
    expect(html).toContain('<th scope="col"><span class="sr-only">Close</span></th>');
    expect(html).toContain('<th scope="col" class="text-right">Balance</th>');
  });

  it('pads plain column names as before by default', () => {
    expect(renderToStaticMarkup(<table><TableHead columns={['Order ID']} /></table>)).toContain('<th scope="col" class="px-2 py-1">Order ID</th>');
  });
});
