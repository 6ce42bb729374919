import { sign } from '../src/index.ts';

// @verifies pkg-18#P18-SIGN-INPUT~0fb1f253
it('sign case 1', () => {
  if (sign(['a']).length !== 1) throw new Error('sign');
});

// @verifies pkg-18#P18-SIGN-EMPTY~13f82506
it('sign case 2', () => {
  if (sign(['a']).length !== 1) throw new Error('sign');
});

// @verifies pkg-18#P18-INTEGRATES~d5014091
it('sign case 3', () => {
  if (sign(['a']).length !== 1) throw new Error('sign');
});
