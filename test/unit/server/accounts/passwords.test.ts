import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../../../server/accounts/passwords.ts';

describe('password hashes', () => {
  it("are made at OWASP's scrypt floor unless a cost is given", async () => {
    const stored = await hashPassword('demo');
    expect(stored.split('$').slice(0, 4)).toEqual(['scrypt', '131072', '8', '1']);
    expect(await verifyPassword('demo', stored)).toBe(true);
    expect(await verifyPassword('Demo', stored)).toBe(false);
  });

  it('keep their cost, so a lower test cost and the floor both verify', async () => {
    const cheap = await hashPassword('demo', { N: 2 ** 10, r: 8, p: 1 });
    expect(cheap.split('$')[1]).toBe('1024');
    expect(await verifyPassword('demo', cheap)).toBe(true);
    expect(await verifyPassword('demo!', cheap)).toBe(false);
  });

  it('refuse a stored value that is not an scrypt hash', async () => {
    expect(await verifyPassword('demo', 'plain$demo')).toBe(false);
  });
});
