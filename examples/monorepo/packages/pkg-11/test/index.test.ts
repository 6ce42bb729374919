import { index } from '../src/index.ts';

// @verifies pkg-11#P11-INDEX-INPUT~950de6cb
it('index case 1', () => {
  if (index(['a']).length !== 1) throw new Error('index');
});

// @verifies pkg-11#P11-INDEX-EMPTY~13f82506
it('index case 2', () => {
  if (index(['a']).length !== 1) throw new Error('index');
});

// @verifies pkg-11#P11-INTEGRATES~3f89f517
it('index case 3', () => {
  if (index(['a']).length !== 1) throw new Error('index');
});
