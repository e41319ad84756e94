import { describe, expect, it } from 'vitest';
import { groupDecimal, money } from '../format';

describe('money format', () => {
  it('groups thousands without floating point', () => {
    expect(money('84480.00', 'CNY')).toBe('¥84,480.00');
    expect(money('31.92', 'USD')).toBe('$31.92');
    expect(money('0.765', 'CNY')).toBe('¥0.765');
    expect(groupDecimal('12345678901234567890.10')).toBe('12,345,678,901,234,567,890.10');
    expect(money('1000', 'JPY')).toBe('1,000.00 JPY');
  });
});
