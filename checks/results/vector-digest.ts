/**
 * A conformance vector's content digest: sha256 of its JSON with object keys
 * sorted, so the digest follows what the vector says, not how the file lays
 * it out. `conform --results` stores it per vector; the gate counts a
 * vector's outcome only while the vectors file still holds a vector of that
 * id with the same digest. Pure.
 */
import { createHash } from 'node:crypto';

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

// @implements results#VECTOR-RESULTS-NEED-THE-VECTOR
export function vectorDigest(vector: unknown): string {
  return createHash('sha256').update(canonical(vector), 'utf8').digest('hex');
}
