/** Works the chapters cite, by key. A chapter lists the keys it cites in its front matter. */
export interface Work {
  /** Left out only for a source article that names no author. */
  authors?: string;
  title: string;
  /** The title's language when it is not English. */
  lang?: 'ko';
  /** An English rendering of a title in another language, shown in brackets on English pages. */
  titleEn?: string;
  venue: string | { ko: string; en: string };
  /** Left out only for a source article that gives no date. */
  year?: number;
  url?: string;
  /** What the work is for the reader, per locale. */
  note: { ko: string; en: string };
}

export const bibliography: Record<string, Work> = {
  // -- source articles: the five Korean articles the chapters are built on (src/sources.ts; each
  // chapter's front matter `source` has the same title). Author and year only where the article
  // gives them. --
  'article-p2c': {
    title: '무작위로 딱 둘만 비교해도 왜 쏠림이 크게 줄어들까',
    lang: 'ko',
    titleEn: 'Why comparing just two at random cuts the pile-up so much',
    venue: { ko: '원문(한국어)', en: 'Source article, in Korean' },
    note: {
      ko: '1장의 원문: 공과 통, 최대 부하의 증가, 슈퍼마켓 모델, 몰림.',
      en: 'The article chapter 1 is built on: balls and bins, how the maximum load grows, the supermarket model, herding.',
    },
  },
  'article-chash': {
    title: '일관성 해싱: 재해싱, 링, 가상 노드를 시뮬레이션으로 확인하기',
    lang: 'ko',
    titleEn: 'Consistent hashing: rehashing, the ring and virtual nodes, checked by simulation',
    venue: { ko: '원문(한국어), 제목이 없어 내용으로 붙인 제목', en: 'Source article, in Korean; it has no title, so this one describes it' },
    note: {
      ko: '2장의 원문: Alex Xu의 책 System Design Interview 5장을 정리하며 노드 4대에서 5대로 늘 때 옮겨 가는 키를 시뮬레이션으로 잰 글.',
      en: 'The article chapter 2 is built on: notes on chapter 5 of Alex Xu’s book, with a simulation of the keys that move from 4 nodes to 5.',
    },
  },
  'article-mols': {
    title: 'portal-tunnel의 MOLS 라우팅: 수학적 직교성과 실전 시스템 공학의 만남',
    lang: 'ko',
    titleEn: 'MOLS routing in portal-tunnel: where mathematical orthogonality meets real-world systems engineering',
    venue: { ko: '원문(한국어)', en: 'Source article, in Korean' },
    note: {
      ko: '3장의 원문: portal-tunnel의 MOLS 라우터와 그 위의 계층, 랑데부 해싱과의 비교, 벤치마크 수치.',
      en: 'The article chapter 3 is built on: portal-tunnel’s MOLS router, the layers on top of it, the comparison with rendezvous hashing, and its benchmark numbers.',
    },
  },
  'article-ketama': {
    title: 'Cloudflare가 pingora-ketama의 메모리를 줄인 방법: 서버당 점 수, 점의 크기, 링 전환',
    lang: 'ko',
    titleEn: 'How Cloudflare cut pingora-ketama’s memory: points per server, the size of a point, switching rings',
    venue: { ko: '원문(한국어), 제목이 없어 내용으로 붙인 제목', en: 'Source article, in Korean; it has no title, so this one describes it' },
    note: {
      ko: '4장의 원문: Cloudflare가 링 라이브러리의 메모리를 줄인 과정을 한국어로 전하는 글.',
      en: 'The article chapter 4 is built on: an account, in Korean, of how Cloudflare cut the memory of its ring library.',
    },
  },
  'article-swrr': {
    authors: '이도(李裪)',
    title: 'Smooth Weighted Round Robin(SWRR)으로 카테고리 검수 작업 분배하기',
    lang: 'ko',
    titleEn: 'Distributing category review work with Smooth Weighted Round Robin (SWRR)',
    venue: { ko: '원문(한국어)', en: 'Source article, in Korean' },
    year: 2026,
    note: {
      ko: '5장의 원문: 검수자에게 작업을 나누는 SWRR의 Kotlin 구현과 운영에서 마주친 문제들.',
      en: 'The article chapter 5 is built on: a Kotlin SWRR that hands review work to inspectors, and what came up in running it.',
    },
  },
  // -- end source articles --
  karger1997: {
    authors: 'David Karger, Eric Lehman, Tom Leighton, Rina Panigrahy, Matthew Levine, Daniel Lewin',
    title: 'Consistent Hashing and Random Trees: Distributed Caching Protocols for Relieving Hot Spots on the World Wide Web',
    venue: 'Proceedings of the 29th ACM Symposium on Theory of Computing (STOC)',
    year: 1997,
    note: { ko: '일관된 해싱을 처음 정의한 논문.', en: 'The paper that defined consistent hashing.' },
  },
  xu2020: {
    authors: 'Alex Xu',
    title: 'System Design Interview: An Insider’s Guide, Volume 1, chapter 5',
    venue: 'Byte Code LLC',
    year: 2020,
    note: { ko: '원문이 정리한 장: 링, 가상 노드, 재배치.', en: 'The chapter the source article summarises: the ring, virtual nodes, and moving keys.' },
  },
  decandia2007: {
    authors: 'Giuseppe DeCandia et al.',
    title: 'Dynamo: Amazon’s Highly Available Key-value Store',
    venue: 'Proceedings of the 21st ACM Symposium on Operating Systems Principles (SOSP)',
    year: 2007,
    note: { ko: '토큰 링과 가상 노드로 분할하는 저장소.', en: 'A store partitioned with a token ring and virtual nodes.' },
  },
  lakshman2010: {
    authors: 'Avinash Lakshman, Prashant Malik',
    title: 'Cassandra: A Decentralized Structured Storage System',
    venue: 'ACM SIGOPS Operating Systems Review 44(2)',
    year: 2010,
    note: { ko: 'Cassandra의 링 기반 분할.', en: 'Cassandra’s ring-based partitioning.' },
  },
  discordhashring: {
    authors: 'Discord',
    title: 'ex_hash_ring: a fast consistent hash ring implementation in Elixir',
    venue: 'GitHub repository discord/ex_hash_ring',
    year: 2017,
    url: 'https://github.com/discord/ex_hash_ring',
    note: { ko: 'Discord가 공개한 일관된 해싱 링: 노드마다 점 512개, MD5의 64비트.', en: 'The consistent hash ring Discord published: 512 points a node, 64 bits of MD5.' },
  },
  rediscluster: {
    authors: 'Redis',
    title: 'Redis Cluster Specification',
    venue: 'redis.io documentation',
    year: 2024,
    url: 'https://redis.io/docs/latest/operate/oss_and_stack/reference/cluster-spec/',
    note: { ko: '링이 아닌 16,384개의 해시 슬롯.', en: '16384 hash slots, not a ring.' },
  },
  mitzenmacher2001: {
    authors: 'Michael Mitzenmacher',
    title: 'The Power of Two Choices in Randomized Load Balancing',
    venue: 'IEEE Transactions on Parallel and Distributed Systems 12(10)',
    year: 2001,
    url: 'https://doi.org/10.1109/71.963420',
    note: { ko: '슈퍼마켓 모델과 고정점 공식의 원전.', en: 'The supermarket model and its fixed point.' },
  },
  azar1999: {
    authors: 'Yossi Azar, Andrei Z. Broder, Anna R. Karlin, Eli Upfal',
    title: 'Balanced Allocations',
    venue: 'SIAM Journal on Computing 29(1)',
    year: 1999,
    url: 'https://doi.org/10.1137/S0097539795288490',
    note: { ko: '최대 부하 ln ln n / ln d 결과의 출처.', en: 'Where the ln ln n / ln d maximum load comes from.' },
  },
  mitzenmacher2001survey: {
    authors: 'Michael Mitzenmacher, Andréa W. Richa, Ramesh Sitaraman',
    title: 'The Power of Two Random Choices: A Survey of Techniques and Results',
    venue: 'Handbook of Randomized Computing, Kluwer',
    year: 2001,
    note: { ko: '두 선택 기법의 분석 방법과 응용을 정리한 개관.', en: 'A survey of the techniques and results.' },
  },
  mitzenmacher2000: {
    authors: 'Michael Mitzenmacher',
    title: 'How Useful Is Old Information?',
    venue: 'IEEE Transactions on Parallel and Distributed Systems 11(1)',
    year: 2000,
    note: { ko: '낡은 부하 정보와 몰림: 게시판 모델의 출처.', en: 'Stale load information and herding: where the bulletin-board model comes from.' },
  },
  garrett2018: {
    authors: 'Owen Garrett',
    title: 'NGINX and the “Power of Two Choices” Load-Balancing Algorithm',
    venue: 'NGINX Blog',
    year: 2018,
    url: 'https://www.nginx.com/blog/nginx-power-of-two-choices-load-balancing-algorithm/',
    note: { ko: '실무에서 P2C를 쓰는 사례.', en: 'P2C as a production load balancer uses it.' },
  },
  // -- ketama --
  nginxhash: {
    authors: 'nginx',
    title: 'Module ngx_http_upstream_module: the hash directive',
    venue: 'nginx documentation',
    year: 2024,
    url: 'https://nginx.org/en/docs/http/ngx_http_upstream_module.html#hash',
    note: { ko: '`hash $key consistent`: ketama 방식 링을 켜는 지시어.', en: '`hash $key consistent`: the directive that turns on nginx’s ketama ring.' },
  },
  nginxhashmodule: {
    authors: 'nginx',
    title: 'src/http/modules/ngx_http_upstream_hash_module.c',
    venue: 'nginx source, nginx/nginx on GitHub',
    year: 2024,
    url: 'https://github.com/nginx/nginx/blob/master/src/http/modules/ngx_http_upstream_hash_module.c',
    note: { ko: '`hash $key consistent`의 구현: 가중치 한 단위마다 160개 점, 호스트·0인 바이트·포트·직전 점에 이어 건 CRC-32 사슬.', en: 'The implementation of `hash $key consistent`: 160 points per unit of weight, and the CRC-32 chain over host, a zero byte, port and the previous point.' },
  },
  pingoraketama: {
    authors: 'Cloudflare',
    title: 'pingora-ketama: a Rust port of the nginx consistent hash function',
    venue: 'cloudflare/pingora on GitHub, crate version 0.8.0',
    year: 2025,
    url: 'https://github.com/cloudflare/pingora/tree/main/pingora-ketama',
    note: { ko: '8바이트 점(V1)과 6바이트 점(V2), 점 배수 설정, nginx 호환 테스트.', en: 'The 8-byte (V1) and 6-byte (V2) points, the point multiple, and the nginx compatibility tests.' },
  },
  libketama: {
    authors: 'Richard Jones',
    title: 'ketama: a consistent hashing algorithm for memcache clients',
    venue: 'last.fm, RJ/ketama on GitHub',
    year: 2007,
    url: 'https://github.com/RJ/ketama',
    note: { ko: '서버마다 MD5로 160개 점을 만드는 원조 ketama.', en: 'The original ketama: 160 points a server from MD5 digests.' },
  },
  // -- /ketama --
  // -- swrr --
  dounin2012: {
    authors: 'Maxim Dounin',
    title: 'Upstream: smooth weighted round-robin balancing (nginx commit 52327e0627f4)',
    venue: 'nginx source, src/http/ngx_http_upstream_round_robin.c',
    year: 2012,
    note: { ko: 'nginx에 SWRR을 들여온 커밋입니다. 커밋 메시지의 5, 1, 1 예가 이 장의 테스트 벡터입니다.', en: 'The commit that brought SWRR into nginx; its message’s 5, 1, 1 example is one of this chapter’s test vectors.' },
  },
  nginxupstream: {
    authors: 'nginx',
    title: 'Module ngx_http_upstream_module',
    venue: 'nginx documentation',
    year: 2024,
    url: 'https://nginx.org/en/docs/http/ngx_http_upstream_module.html',
    note: { ko: 'server의 weight, max_fails, fail_timeout 설정.', en: 'The server directive’s weight, max_fails and fail_timeout.' },
  },
  // -- end swrr --
  // -- mols --
  portaltunnel: {
    authors: 'gosuda',
    title: 'portal-tunnel: docs/routing_strategy_comparison.md, portal/discovery/mols.go, and pull requests #354 and #356',
    venue: 'GitHub repository gosuda/portal-tunnel',
    year: 2026,
    url: 'https://github.com/gosuda/portal-tunnel',
    note: { ko: '원문이 소개한 MOLS 라우팅의 코드와 벤치마크 문서.', en: 'The code and benchmark document behind the article’s MOLS routing.' },
  },
  tarry1900: {
    authors: 'Gaston Tarry',
    title: 'Le problème des 36 officiers',
    venue: 'Compte Rendu de l’Association Française pour l’Avancement des Sciences 1, 122–123; 2, 170–203',
    year: 1900,
    note: { ko: '차수 6의 직교 라틴 방진 쌍이 없음을 모든 경우를 따져 보인 논문.', en: 'Shows, case by case, that no orthogonal pair of Latin squares of order 6 exists.' },
  },
  bose1960: {
    authors: 'R. C. Bose, S. S. Shrikhande, E. T. Parker',
    title: 'Further results on the construction of mutually orthogonal Latin squares and the falsity of Euler’s conjecture',
    venue: 'Canadian Journal of Mathematics 12, 189–203',
    year: 1960,
    note: {
      ko: '4로 나눈 나머지가 2인 10 이상의 차수에 직교 쌍을 만들어, 이미 알려진 차수와 함께 2와 6을 뺀 모든 차수에 직교 쌍이 있음을 보이고 오일러의 추측을 뒤집은 논문.',
      en: 'Settles the orders ≡ 2 (mod 4) from 10 on; with the orders already known, every order but 2 and 6 has an orthogonal pair, refuting Euler’s conjecture.',
    },
  },
  thaler1998: {
    authors: 'David G. Thaler, Chinya V. Ravishankar',
    title: 'Using name-based mappings to increase hit rates',
    venue: 'IEEE/ACM Transactions on Networking 6(1), 1–14',
    year: 1998,
    note: { ko: '랑데부 해싱(HRW)을 제안한 논문.', en: 'The paper that introduced rendezvous (highest random weight) hashing.' },
  },
  schindelhauer2005: {
    authors: 'Christian Schindelhauer, Gunnar Schomaker',
    title: 'Weighted distributed hash tables',
    venue: 'Proceedings of the 17th ACM Symposium on Parallelism in Algorithms and Architectures (SPAA)',
    year: 2005,
    note: { ko: '가중 랑데부 해싱의 로그 방법, 점수 −w/ln u.', en: 'The logarithmic method for weighted rendezvous hashing, score −w/ln u.' },
  },
  // -- end mols --
  // -- placement lab --
  lamping2014: {
    authors: 'John Lamping, Eric Veach',
    title: 'A Fast, Minimal Memory, Consistent Hash Algorithm',
    venue: 'arXiv:1406.2294',
    year: 2014,
    url: 'https://arxiv.org/abs/1406.2294',
    note: { ko: '점프 일관 해시: 메모리 없이 키를 버킷에 보내는 방법.', en: 'Jump consistent hash: keys to buckets with no memory.' },
  },
  eisenbud2016: {
    authors: 'Daniel E. Eisenbud et al.',
    title: 'Maglev: A Fast and Reliable Software Network Load Balancer',
    venue: '13th USENIX Symposium on Networked Systems Design and Implementation (NSDI)',
    year: 2016,
    url: 'https://www.usenix.org/conference/nsdi16/technical-sessions/presentation/eisenbud',
    note: { ko: 'Maglev 해싱: 백엔드가 번갈아 채우는, 크기가 소수인 표.', en: 'Maglev hashing: backends take turns filling a table of prime size.' },
  },
  mirrokni2018: {
    authors: 'Vahab Mirrokni, Mikkel Thorup, Morteza Zadimoghaddam',
    title: 'Consistent Hashing with Bounded Loads',
    venue: 'Proceedings of the 29th ACM-SIAM Symposium on Discrete Algorithms (SODA); arXiv:1608.01350',
    year: 2018,
    url: 'https://arxiv.org/abs/1608.01350',
    note: { ko: '노드마다 평균의 c배까지만 받고 넘치면 시계 방향 다음 노드로.', en: 'Each node takes at most c times the average; overflow walks on clockwise.' },
  },
  appleton2015: {
    authors: 'Ben Appleton, Michael O’Reilly',
    title: 'Multi-Probe Consistent Hashing',
    venue: 'arXiv:1505.00062',
    year: 2015,
    url: 'https://arxiv.org/abs/1505.00062',
    note: { ko: '노드당 점 하나, 키당 프로브 여러 개.', en: 'One point per node, several probes per key.' },
  },
  // -- end placement lab --
};
