// Ticks and lots to the decimal strings a depth push carries. The instrument's tick and lot
// sizes need not be powers of ten ("0.5"), so a price is ticks x tick units at the tick's scale.
import { scaleOf, toScaled } from '@contract/core/decimal';
import type { DepthLevel } from '@contract/schemas/ws-depth';
import { scaledText } from '../../core/scaled-text';

export class DepthFormat {
  readonly priceScale: number;
  readonly sizeScale: number;
  private readonly tickUnits: number;
  private readonly lotUnits: number;

  constructor(tickSize: string, lotSize: string) {
    this.priceScale = scaleOf(tickSize);
    this.sizeScale = scaleOf(lotSize);
    this.tickUnits = Number(toScaled(tickSize, this.priceScale));
    this.lotUnits = Number(toScaled(lotSize, this.sizeScale));
  }

  price(ticks: number): string {
    return scaledText(ticks * this.tickUnits, this.priceScale);
  }

  size(lots: number): string {
    return scaledText(lots * this.lotUnits, this.sizeScale);
  }

  level(ticks: number, lots: number): DepthLevel {
    return [this.price(ticks), this.size(lots)];
  }
}
