// Bumped with releases; reported by GET /api/v1/health.
export const APP_VERSION = "0.1.0";
