import { describe, expect, it } from 'vitest';
import { confirmedOrder } from '../../../../lib/content/order-confirmation.ts';

describe('the order confirmation page', () => {
  it('is the cart page with an order id', () => {
    expect(confirmedOrder({ pathname: '/cart', search: '?order=12' })).toBe(12);
  });

  it.each([
    ['/cart', ''],
    ['/cart', '?order=0'],
    ['/cart', '?order=1e3'],
    ['/cart', '?order=-1'],
    ['/cart/x', '?order=3'],
    ['/track/x/3', '?order=3'],
  ])('is not %s%s', (pathname, search) => {
    expect(confirmedOrder({ pathname, search })).toBeNull();
  });
});
