import { describe, it, expect } from 'vitest';
import { createHash } from 'node:crypto';
import {
  ketamaDigestCount,
  ketamaKeyHash,
  ketamaRing,
  ketamaServerPoints,
} from '../../../../src/lib/hashing/points-ketama.ts';

describe('ketamaServerPoints', () => {
  it('reads each MD5("addr-k") as four little-endian uint32 points', () => {
    const points = ketamaServerPoints('cache:11211', 3);
    expect(points.length).toBe(12);
    for (let k = 0; k < 3; k++) {
      const digest = createHash('md5').update(`cache:11211-${k}`).digest();
      for (let h = 0; h < 4; h++) expect(points[4 * k + h]).toBe(digest.readUInt32LE(4 * h));
    }
  });

  it('key hash is the first four MD5 bytes, little-endian', () => {
    expect(ketamaKeyHash('some key')).toBe(createHash('md5').update('some key').digest().readUInt32LE(0));
  });
});

describe('digest counts', () => {
  it('weights scale the count: 1 and 3 out of 4 across 2 servers give 20 and 60', () => {
    expect(ketamaDigestCount(1, 4, 2)).toBe(20);
    expect(ketamaDigestCount(3, 4, 2)).toBe(60);
  });

  it('ketamaRing keeps colliding points, like libketama', () => {
    const r = ketamaRing([{ addr: 'a:1' }, { addr: 'a:1' }]);
    expect(r.hashes.length).toBe(320);
  });
});
