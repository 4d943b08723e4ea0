import { describe, expect, it } from 'vitest';
import { switchTarget } from '../../../components/layout/lang-switch.ts';
import { headingAnchors } from '../../../src/i18n/anchors.ts';

const ko = [
  { depth: 2, slug: '링', text: '링' },
  { depth: 3, slug: '가상-노드', text: '가상 노드' },
  { depth: 2, slug: 'further-reading', text: '더 읽을거리' },
];
const en = [
  { depth: 2, slug: 'the-ring', text: 'The ring' },
  { depth: 3, slug: 'virtual-nodes', text: 'Virtual nodes' },
  { depth: 2, slug: 'further-reading', text: 'Further reading' },
];

describe('headingAnchors', () => {
  it('pairs the two outlines by position, leaving out ids both share', () => {
    expect(headingAnchors(ko, en, 'ko/x')).toEqual({ 링: 'the-ring', '가상-노드': 'virtual-nodes' });
    expect(headingAnchors(en, ko, 'en/x')).toEqual({ 'the-ring': '링', 'virtual-nodes': '가상-노드' });
  });
  it('names the chapter and the first heading that differs when the outlines do not match', () => {
    expect(() => headingAnchors(ko, en.slice(0, 2), 'ko/x')).toThrow(/ko\/x: .*heading 3: h2 "더 읽을거리" here, nothing in the other language/);
    expect(() => headingAnchors(ko, [en[0], { ...en[1], depth: 2 }, en[2]], 'ko/x')).toThrow(/heading 2: h3 "가상 노드" here, h2 "Virtual nodes"/);
  });
});

describe('switchTarget', () => {
  const anchors = { '가상-노드': 'virtual-nodes' };
  it('turns a heading anchor into the other language’s, percent-encoded or not', () => {
    expect(switchTarget('/en/consistent-hashing/', 'http://h/consistent-hashing/#%EA%B0%80%EC%83%81-%EB%85%B8%EB%93%9C', anchors)).toBe('/en/consistent-hashing/#virtual-nodes');
    expect(switchTarget('/consistent-hashing/', 'http://h/en/consistent-hashing/#virtual-nodes', { 'virtual-nodes': '가상-노드' })).toBe(`/consistent-hashing/#${encodeURIComponent('가상-노드')}`);
  });
  it('keeps an anchor both languages share, and the cells’ query; drops the search’s highlight terms', () => {
    expect(switchTarget('/en/x/', 'http://h/x/?remap.nodes=5&highlight=%EB%A7%81#fig-remap', anchors)).toBe('/en/x/?remap.nodes=5#fig-remap');
    expect(switchTarget('/en/x/', 'http://h/x/?highlight=a', anchors)).toBe('/en/x/');
    expect(switchTarget('/en/x/', 'http://h/x/', anchors)).toBe('/en/x/');
    expect(switchTarget('/en/x/', 'http://h/x/?a.keys=n0,n1%20n2#fig-a', anchors)).toBe('/en/x/?a.keys=n0,n1%20n2#fig-a');
  });
});
