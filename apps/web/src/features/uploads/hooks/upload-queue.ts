/** A file on its way to POST /images, or refused by it. */
export interface PendingUpload {
  key: string;
  name: string;
  /** A local preview (object URL) while it uploads. */
  preview: string;
  /** 0 to 1. */
  progress: number;
  /** The server's (or the network's) reason when it failed. */
  error: string | null;
}

export type UploadAction =
  | { type: 'added'; uploads: PendingUpload[] }
  | { type: 'progress'; key: string; progress: number }
  | { type: 'failed'; key: string; error: string }
  | { type: 'done'; key: string }
  | { type: 'dismissed'; key: string };

/**
 * The uploads in flight or failed, in the order chosen. A finished one leaves the queue (its
 * picture joins the form's list); a failed one stays, with its reason, until dismissed.
 */
export function uploadQueue(state: PendingUpload[], action: UploadAction): PendingUpload[] {
  switch (action.type) {
    case 'added':
      return [...state, ...action.uploads];
    case 'progress':
      return state.map((u) =>
        u.key === action.key
          ? { ...u, progress: Math.max(u.progress, Math.min(1, action.progress)) }
          : u,
      );
    case 'failed':
      return state.map((u) => (u.key === action.key ? { ...u, error: action.error } : u));
    case 'done':
    case 'dismissed':
      return state.filter((u) => u.key !== action.key);
  }
}

/** Percent for a progress bar and its text. */
export function percent(progress: number): number {
  return Math.round(Math.max(0, Math.min(1, progress)) * 100);
}
