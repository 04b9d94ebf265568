/** Browser origins allowed to open a WebSocket: exact origins (`https://app.example.com`) or a test. */
export type OriginAllowList = readonly string[] | ((origin: string) => boolean);
