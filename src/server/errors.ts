import { SIGN_IN_REQUIRED } from "../shared/access.ts";

/** A failure the client caused or may see; the error handler maps it to a status and `{ message }`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fieldErrors?: Record<string, string>) =>
  new AppError(400, message, fieldErrors);
export const unauthorized = (message = SIGN_IN_REQUIRED) => new AppError(401, message);
export const forbidden = (message = "You do not have permission to do that") => new AppError(403, message);
export const notFound = (message = "Not found") => new AppError(404, message);
export const conflict = (message: string, fieldErrors?: Record<string, string>) =>
  new AppError(409, message, fieldErrors);
