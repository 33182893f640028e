// Times on the wire are whole Unix seconds (createdAt, indexedAt, expiresAt, …): one conversion for every response.
export const unixSeconds = (d: Date): number => Math.floor(d.getTime() / 1000);
