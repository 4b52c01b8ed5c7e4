/** What the page says once she has left (signed out here, everywhere, or deleted her account). */
export interface Farewell {
  message: string;
  deleted?: string[];
  kept?: string[];
}
