// The kernels module: one WebAssembly module for every hot loop, built by scripts/build-wasm.ts.
export { dynamicBase, ensure, flowBlock, heapBase, mtState, xoState, zigguratTables } from './layout';
export { pending, place, reset, widen } from './balls';
export { crcInit, lookupHashes, lookupKeys } from './ring';
export { lookup128, md5Names, md5Numbered, mod128 } from './md5';
export { runEvents } from './events';
export { flowRun } from './flow';
