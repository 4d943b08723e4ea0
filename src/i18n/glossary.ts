/**
 * The Korean glossary: the term the Korean chapters and UI strings use, the English term it
 * stands for, and the variants that are not used (a calque, a second spelling, a word Korean
 * engineers do not say). `tests/unit/i18n/terminology.test.ts` fails on any variant in
 * content/ko/ or src/i18n/ko/, naming file and line.
 *
 * A variant is a plain string, or a RegExp where a plain string would also catch good uses.
 */
export interface GlossaryEntry {
  ko: string;
  en: string;
  avoid: (string | RegExp)[];
  note?: string;
}

export const glossary: GlossaryEntry[] = [
  // Testing
  { ko: '테스트', en: 'test', avoid: ['시험'], note: '시험 reads as an exam; Korean engineers say 테스트.' },
  { ko: '테스트 벡터', en: 'test vector', avoid: ['시험 벡터'] },
  { ko: '속성 기반 테스트', en: 'property-based test', avoid: ['속성 시험', '속성 테스트'] },
  { ko: '확인하는 조건 / 통과 조건', en: 'assertion', avoid: ['단언'] },
  // Hashing and placement
  { ko: '솔트', en: 'salt', avoid: ['소금'] },
  // The source box of chapter 2 keeps '일관성 해싱' in its title, which must match src/bibliography.ts.
  { ko: '일관된 해싱', en: 'consistent hashing', avoid: ['일관 해싱'] },
  { ko: '점프 일관된 해시', en: 'jump consistent hash', avoid: ['점프 일관된 해싱', '점프 일관성 해시'] },
  { ko: '최고 무작위 가중치(HRW)', en: 'highest random weight', avoid: ['가장 높은 무작위 가중치'] },
  { ko: '다중 프로브', en: 'multi-probe', avoid: ['다중 탐침', '탐침'] },
  { ko: '키 이동', en: 'churn (keys that move)', avoid: ['흔들림'] },
  { ko: '노드당 점 수', en: 'points per node (V)', avoid: ['노드당 가상 노드 수'] },
  { ko: '가상 노드의 비용', en: 'the cost of virtual nodes', avoid: ['가상 노드의 값'] },
  { ko: '레이아웃', en: 'layout (of a point in memory)', avoid: ['바이트 배치', '촘촘한 배치', '정렬된 배치'], note: '배치 is placement (of keys on nodes).' },
  { ko: '개', en: 'counter for rings, layouts, weight sets', avoid: [/\d+\s?벌/] },
  // Load balancing
  { ko: '로드 밸런서', en: 'load balancer', avoid: ['로드밸런서'] },
  { ko: '슬로 스타트', en: 'slow start', avoid: ['천천히 시작하기', '느린 시작'] },
  { ko: '스티키 계층', en: 'sticky layer', avoid: ['연결 유지'], note: '연결 유지 is Keep-Alive.' },
  { ko: '통', en: 'bin (balls into bins)', avoid: ['바구니'] },
  { ko: '가상 노드', en: 'virtual node', avoid: ['가상 점'] },
  { ko: '옮겨 가는 키 (옮겨 간 키)', en: 'keys that move (moved)', avoid: ['옮겨지는 키', '옮겨진 키'] },
  { ko: '몰림', en: 'herding, the herd effect', avoid: ['군집 현상', '군집 쏠림'] },
  { ko: '클라이언트 구성', en: 'a fleet (configuration) of clients', avoid: ['집단'], note: '구성 100가지, not 집단 100개, for the fleets a figure takes the median over.' },
  { ko: '논문의 주장', en: 'published claim (a paper’s)', avoid: ['발표된 주장'] },
  // Statistics
  { ko: '모델', en: 'model', avoid: ['모형'] },
  { ko: '표준편차', en: 'standard deviation', avoid: ['표준 편차'] },
  { ko: '변동계수', en: 'coefficient of variation', avoid: ['변동 계수'] },
  { ko: '신뢰구간', en: 'confidence interval', avoid: ['신뢰 구간'] },
  { ko: '증가 속도', en: 'growth rate', avoid: ['빠르기'] },
  { ko: '예측', en: 'forecast, prediction', avoid: ['예언'] },
  // The site
  { ko: '셀', en: 'notebook cell', avoid: ['실험 칸', '아래 칸', '위의 칸', '공 던지기 칸'], note: '칸 stays for a cell of a grid or a Latin square.' },
  { ko: '목차', en: 'chapters (home page heading, the navigation)', avoid: ['장 목록'] },
  { ko: '이 컴퓨터', en: 'a machine, this machine (where a time was measured, a page built)', avoid: [/기계(?![적어])/, /이 기기(?!능)/], note: '기계적, 기계어 are other words; a fleet’s machines are its 서버.' },
  { ko: 'JavaScript', en: 'JavaScript', avoid: ['자바스크립트'] },
  { ko: '아니요', en: 'no', avoid: ['아니오'] },
  { ko: '원문 오류', en: 'article is wrong (verdict)', avoid: ['원문이 틀림'] },
  { ko: '사라진 점 (센 값)', en: 'lost (counted)', avoid: ['센 손실'] },
  {
    ko: '100만, 1,250만, 1억',
    en: 'a million, 12.5 million, 100 million',
    avoid: [/(?<!\})백만/, /\d+\s?천만/],
    note: 'Korean counts by 만 and 억. A check message may write {millions}백만: fill() shows it as 1,250만.',
  },
];

/** One use of a variant: where, which, and the term to use instead. */
export interface VariantUse {
  file: string;
  line: number;
  variant: string;
  use: string;
  text: string;
}

/** Every variant in a text, with its line (1-based). */
export function findVariants(file: string, text: string, entries: GlossaryEntry[] = glossary): VariantUse[] {
  const found: VariantUse[] = [];
  text.split('\n').forEach((lineText, i) => {
    for (const entry of entries) {
      for (const variant of entry.avoid) {
        const hit = typeof variant === 'string' ? (lineText.includes(variant) ? variant : undefined) : variant.exec(lineText)?.[0];
        if (hit !== undefined) found.push({ file, line: i + 1, variant: hit, use: entry.ko, text: lineText.trim().slice(0, 80) });
      }
    }
  });
  return found;
}
