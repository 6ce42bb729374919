import { auth } from '../src/index.ts';

// @verifies pkg-07#P07-AUTH-INPUT~5102a0de
it('auth case 1', () => {
  if (auth(['a']).length !== 1) throw new Error('auth');
});

// @verifies pkg-07#P07-AUTH-EMPTY~13f82506
it('auth case 2', () => {
  if (auth(['a']).length !== 1) throw new Error('auth');
});

// @verifies pkg-07#P07-INTEGRATES~fbce12a2
it('auth case 3', () => {
  if (auth(['a']).length !== 1) throw new Error('auth');
});
