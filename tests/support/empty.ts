// Stands in for `server-only` under Vitest (STACK.md).
export {};
