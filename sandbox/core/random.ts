/**
 * The sandbox's one source of randomness: deterministic, so the same seed and the same key give the same
 * number on every run and platform.
 * - unitFor / intFor / mulberry32: one stable number for (seed, parts...): the server half (faults,
 *   attendance, directory extras).
 * - Stream: counter-based for generated data: a value is a pure function of (seed, key..., counter), so
 *   any single record can be produced without producing the ones before it (integer-only and fast
 *   enough for millions of calls).
 */
/** 32-bit FNV-1a hash of a string. */
export function hashString(text: string): number {
	let h = 0x811c9dc5;
	for (let i = 0; i < text.length; i++) {
		h ^= text.charCodeAt(i);
		h = Math.imul(h, 0x01000193);
	}
	return h >>> 0;
}

/** A PRNG (mulberry32) returning floats in [0, 1). */
export function mulberry32(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/** One stable float in [0, 1) for (seed, parts...). */
export function unitFor(seed: number, ...parts: Array<string | number>): number {
	return mulberry32(hashString(`${seed}|${parts.join('|')}`))();
}

/** One stable integer in [min, max] for (seed, parts...). */
export function intFor(
	seed: number,
	min: number,
	max: number,
	...parts: Array<string | number>
): number {
	return min + Math.floor(unitFor(seed, ...parts) * (max - min + 1));
}

// ---- counter-based streams (generated data) ----------------------------------------------------------

// bound once: a global lookup per call is slow inside vm contexts (jest)
const { imul, sqrt, log, cos, floor, max, PI } = Math;

const stringHashes = new Map<string, number>();
function hashPart(part: string): number {
	let h = stringHashes.get(part);
	if (h === undefined) {
		h = hashString(part);
		if (stringHashes.size > 10_000) stringHashes.clear();
		stringHashes.set(part, h);
	}
	return h;
}

function mix(h: number, v: number): number {
	let k = imul(v | 0, 0xcc9e2d51);
	k = (k << 15) | (k >>> 17);
	k = imul(k, 0x1b873593);
	h ^= k;
	h = (h << 13) | (h >>> 19);
	return (imul(h, 5) + 0xe6546b64) | 0;
}

function finalize(h: number): number {
	h ^= h >>> 16;
	h = imul(h, 0x85ebca6b);
	h ^= h >>> 13;
	h = imul(h, 0xc2b2ae35);
	h ^= h >>> 16;
	return h >>> 0;
}

/** A stream of stable uniforms for one key: `unit(n)` is the n-th number of the stream, in [0, 1). */
export class Stream {
	private readonly base: number;

	constructor(seed: number, ...key: Array<number | string>) {
		let h = mix(0x9747b28c, seed);
		for (const part of key) h = mix(h, typeof part === 'number' ? part : hashPart(part));
		this.base = h;
	}

	unit(n: number): number {
		return finalize(mix(this.base, n)) / 4294967296;
	}

	/** Integer in [min, max]. */
	int(n: number, min: number, hi: number): number {
		return min + floor(this.unit(n) * (hi - min + 1));
	}

	/** True with probability p. */
	chance(n: number, p: number): boolean {
		return this.unit(n) < p;
	}

	pick<T>(n: number, items: readonly T[]): T {
		return items[floor(this.unit(n) * items.length)];
	}

	/** Standard normal from two counters (Box-Muller). */
	normal(n: number): number {
		const u1 = max(this.unit(n), 1e-12);
		const u2 = this.unit(n + 1);
		return sqrt(-2 * log(u1)) * cos(2 * PI * u2);
	}
}
