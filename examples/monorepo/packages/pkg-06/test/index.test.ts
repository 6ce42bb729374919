import { log } from '../src/index.ts';

// @verifies pkg-06#P06-LOG-INPUT~c370770a
it('log case 1', () => {
  if (log(['a']).length !== 1) throw new Error('log');
});

// @verifies pkg-06#P06-LOG-EMPTY~13f82506
it('log case 2', () => {
  if (log(['a']).length !== 1) throw new Error('log');
});

// @verifies pkg-06#P06-INTEGRATES~55207289
it('log case 3', () => {
  if (log(['a']).length !== 1) throw new Error('log');
});
