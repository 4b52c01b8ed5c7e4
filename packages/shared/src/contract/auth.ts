import { z } from 'zod';

/** Answers of /auth/* and /users/* (docs/api.md). */

/** The signed-in account as the server shows it: `role` is `admin` for staff. */
export const apiUserSchema = z.object({
  id: z.number(),
  documentId: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.string(),
  name: z.string(),
});
export type ApiUser = z.infer<typeof apiUserSchema>;

/** POST /auth/login and POST /auth/renew: a token for 8 hours. */
export const sessionAnswerSchema = z.object({ token: z.string(), user: apiUserSchema });
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;

/** GET /auth/check and PUT /users/profile. */
export const userAnswerSchema = z.object({ user: apiUserSchema });
export type UserAnswer = z.infer<typeof userAnswerSchema>;

/** POST /auth/logout. */
export const logoutAnswerSchema = z.object({ message: z.string() });
export type LogoutAnswer = z.infer<typeof logoutAnswerSchema>;

/** PUT /users/password: every earlier token stops working; `token` is the one for this session. */
export const passwordChangedAnswerSchema = z.object({ message: z.string(), token: z.string() });
export type PasswordChangedAnswer = z.infer<typeof passwordChangedAnswerSchema>;
