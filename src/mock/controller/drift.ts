/**
 * Hourly rates drift, as spot markets do, without a new price book version: each GPU rate takes a small random
 * step every few simulated minutes, staying within 15 % of the rate the price book was set to. Reviewed ETags do
 * not change; a launch's rate cap (reviewed rate plus 10 %) is what protects the user. Off unless
 * config.priceDrift (on for `npm start`, off in tests unless asked for).
 */
import { formatMoney, multiply, parseMoney } from '../money.ts';
import type { MockState } from '../state.ts';

const STEP_SECONDS = 180;
const STEP = 0.03;
const BOUND = 0.15;

export function driftRates(state: MockState, now: number): void {
  if (!state.config.priceDrift) return;
  const last = state.lastDrift ?? now;
  if (state.lastDrift === undefined) state.lastDrift = now;
  if (((now - last) / 1000) * state.config.speed < STEP_SECONDS) return;
  state.lastDrift = now;
  const rates = { ...state.priceBook.rates };
  for (const [sku, value] of Object.entries(rates)) {
    if (!sku.startsWith('gpu.')) continue;
    const base = parseMoney(state.baseRates[sku] ?? value);
    const stepped = multiply(parseMoney(value), 1 + (Math.random() * 2 - 1) * STEP);
    const low = multiply(base, 1 - BOUND);
    const high = multiply(base, 1 + BOUND);
    rates[sku] = formatMoney(stepped < low ? low : stepped > high ? high : stepped);
  }
  state.priceBook = { ...state.priceBook, rates };
}
