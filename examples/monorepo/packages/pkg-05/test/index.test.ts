import { cache } from '../src/index.ts';

// @verifies pkg-05#P05-CACHE-INPUT~3d30847e
it('cache case 1', () => {
  if (cache(['a']).length !== 1) throw new Error('cache');
});

// @verifies pkg-05#P05-CACHE-EMPTY~13f82506
it('cache case 2', () => {
  if (cache(['a']).length !== 1) throw new Error('cache');
});

// @verifies pkg-05#P05-INTEGRATES~1f815d32
it('cache case 3', () => {
  if (cache(['a']).length !== 1) throw new Error('cache');
});

// @verifies pkg-04#P04-INTEGRATES~1438f1a1
it('cache calls another package 1', () => {
  if (cache([]).length !== 0) throw new Error('cache');
});
