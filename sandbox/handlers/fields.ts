/**
 * Body-field readers for the intake calls: values come as strings (form) or JSON values.
 * Every failure is a 422 validation_error naming the field.
 */
import { ApiError, validationError } from '../core/types';

export function isPresent(body: Record<string, unknown>, field: string): boolean {
	return (
		Object.prototype.hasOwnProperty.call(body, field) &&
		body[field] !== undefined &&
		body[field] !== null
	);
}

/** A required non-blank string. */
export function requiredString(
	body: Record<string, unknown>,
	field: string,
	maxLength = 255,
): string {
	const v = body[field];
	if (!isPresent(body, field)) throw validationError(field, `${field} is required.`);
	if (typeof v !== 'string') throw validationError(field, `${field} must be a string.`);
	if (v.trim() === '') throw validationError(field, `${field} must not be blank.`);
	if (v.length > maxLength)
		throw validationError(field, `${field} must be at most ${maxLength} characters.`);
	return v;
}

/** An integer >= 0 given as a JSON integer or a string of digits; undefined when absent and optional. */
export function nonNegativeInt(value: unknown, field: string): number {
	let n: number;
	if (typeof value === 'number') n = value;
	else if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) n = Number(value.trim());
	else throw validationError(field, `${field} must be an integer.`);
	if (!Number.isSafeInteger(n)) throw validationError(field, `${field} must be an integer.`);
	if (n < 0) throw validationError(field, `${field} must not be negative.`);
	return n;
}

export function requiredInt(body: Record<string, unknown>, field: string): number {
	if (!isPresent(body, field) || body[field] === '')
		throw validationError(field, `${field} is required.`);
	return nonNegativeInt(body[field], field);
}

export function optionalInt(body: Record<string, unknown>, field: string): number | undefined {
	if (!isPresent(body, field) || body[field] === '') return undefined;
	return nonNegativeInt(body[field], field);
}

/** A required value that must be a single string (not an array or object). */
export function requiredScalar(body: Record<string, unknown>, field: string): string {
	if (!isPresent(body, field) || body[field] === '')
		throw validationError(field, `${field} is required.`);
	const v = body[field];
	if (typeof v !== 'string') throw validationError(field, `${field} must be a single value.`);
	return v;
}

/** An optional list of strings: `a[]=x&a[]=y`, a JSON array or one value. */
export function stringList(body: Record<string, unknown>, field: string): string[] | undefined {
	if (!isPresent(body, field)) return undefined;
	const v = body[field];
	const list = Array.isArray(v) ? v : [v];
	if (!list.every((x) => typeof x === 'string' || typeof x === 'number')) {
		throw validationError(field, `${field} must be a list of strings.`);
	}
	return list.map(String);
}

export function notFound(field: string, message: string): ApiError {
	return new ApiError(404, 'not_found', message, { field });
}
