export { placeBalls } from './place.ts';
export { loadHistogram, maxLoad } from './histogram.ts';
export { maxLoadOrder } from './order.ts';
