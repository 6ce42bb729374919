import { retry } from '../src/index.ts';

// @verifies pkg-09#P09-RETRY-INPUT~dabbeb98
it('retry case 1', () => {
  if (retry(['a']).length !== 1) throw new Error('retry');
});

// @verifies pkg-09#P09-RETRY-EMPTY~13f82506
it('retry case 2', () => {
  if (retry(['a']).length !== 1) throw new Error('retry');
});

// @verifies pkg-09#P09-INTEGRATES~3e0b9a55
it('retry case 3', () => {
  if (retry(['a']).length !== 1) throw new Error('retry');
});
