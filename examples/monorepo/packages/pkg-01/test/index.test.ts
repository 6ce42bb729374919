import { parse } from '../src/index.ts';

// @verifies pkg-01#P01-PARSE-INPUT~da3c0c5e
it('parse case 1', () => {
  if (parse(['a']).length !== 1) throw new Error('parse');
});

// @verifies pkg-01#P01-PARSE-EMPTY~13f82506
it('parse case 2', () => {
  if (parse(['a']).length !== 1) throw new Error('parse');
});

// @verifies pkg-01#P01-INTEGRATES~f5ba7c6a
it('parse case 3', () => {
  if (parse(['a']).length !== 1) throw new Error('parse');
});
