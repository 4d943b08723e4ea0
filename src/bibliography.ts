/** Works the chapters cite, by key. A chapter lists the keys it cites in its front matter. */
export interface Work {
  authors: string;
  title: string;
  venue: string;
  year: number;
  url?: string;
  /** What the work is for the reader, per locale. */
  note: { ko: string; en: string };
}

export const bibliography: Record<string, Work> = {
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
    note: { ko: '낡은 부하 정보와 군집 현상: 게시판 모델의 출처.', en: 'Stale load information and herding: where the bulletin-board model comes from.' },
  },
  garrett2018: {
    authors: 'Owen Garrett',
    title: 'NGINX and the “Power of Two Choices” Load-Balancing Algorithm',
    venue: 'NGINX Blog',
    year: 2018,
    url: 'https://www.nginx.com/blog/nginx-power-of-two-choices-load-balancing-algorithm/',
    note: { ko: '실무에서 P2C를 쓰는 사례.', en: 'P2C as a production load balancer uses it.' },
  },
};
