export function pageOf<T>(rows: T[], total: number, page: number, limit: number) {
  return { data: rows, page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) };
}

/** Escapes LIKE wildcards so a search for "10%" means the text "10%". */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
