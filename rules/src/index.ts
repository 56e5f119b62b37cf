// Each rule lives in its own module; this index only re-exports them.
export {};
