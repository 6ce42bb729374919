import { sync } from '../src/index.ts';

// @verifies pkg-20#P20-SYNC-INPUT~f6ce278b
it('sync case 1', () => {
  if (sync(['a']).length !== 1) throw new Error('sync');
});

// @verifies pkg-20#P20-SYNC-EMPTY~13f82506
it('sync case 2', () => {
  if (sync(['a']).length !== 1) throw new Error('sync');
});

// @verifies pkg-20#P20-INTEGRATES~b0172a39
it('sync case 3', () => {
  if (sync(['a']).length !== 1) throw new Error('sync');
});

// @verifies pkg-01#P01-INTEGRATES~f5ba7c6a
it('sync calls another package 1', () => {
  if (sync([]).length !== 0) throw new Error('sync');
});

// @verifies pkg-19#P19-INTEGRATES~89b1dfd0
it('sync calls another package 2', () => {
  if (sync([]).length !== 0) throw new Error('sync');
});
