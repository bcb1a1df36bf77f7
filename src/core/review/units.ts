// Units a claim and a passage may write one quantity in: 72 h ≡ 3 days, 1.5 km ≡ 1,500 m. Each unit word maps to a
// dimension and its size in that dimension's base unit, so two quantities compare by value. Only unambiguous words:
// "in" (inches), "m" without a number before it, and "pound" (money or mass) are left out. Pure.

export type Dimension = 'time' | 'length' | 'mass' | 'data' | 'volume' | 'area';

export interface Unit {
  dimension: Dimension;
  /** Size in the dimension's base unit (seconds, metres, grams, bytes, litres, square metres). */
  factor: number;
}

const TIME: Array<[string[], number]> = [
  [['s', 'sec', 'secs', 'second', 'seconds'], 1],
  [['min', 'mins', 'minute', 'minutes'], 60],
  [['h', 'hr', 'hrs', 'hour', 'hours'], 3600],
  [['day', 'days'], 86400],
  [['week', 'weeks', 'wk', 'wks'], 7 * 86400],
  [['fortnight', 'fortnights'], 14 * 86400],
  // Months and years are calendar spans; 30.44 and 365.25 days make "12 months" equal "1 year".
  [['month', 'months', 'mo', 'mos'], 30.436875 * 86400],
  [['year', 'years', 'yr', 'yrs'], 365.2425 * 86400],
  [['decade', 'decades'], 3652.425 * 86400],
  [['century', 'centuries'], 36524.25 * 86400],
];
const LENGTH: Array<[string[], number]> = [
  [['mm', 'millimetre', 'millimetres', 'millimeter', 'millimeters'], 0.001],
  [['cm', 'centimetre', 'centimetres', 'centimeter', 'centimeters'], 0.01],
  [['m', 'metre', 'metres', 'meter', 'meters'], 1],
  [['km', 'kilometre', 'kilometres', 'kilometer', 'kilometers'], 1000],
  [['ft', 'foot', 'feet'], 0.3048],
  [['inch', 'inches'], 0.0254],
  [['yd', 'yard', 'yards'], 0.9144],
  [['mi', 'mile', 'miles'], 1609.344],
];
const MASS: Array<[string[], number]> = [
  [['mg', 'milligram', 'milligrams'], 0.001],
  [['g', 'gram', 'grams'], 1],
  [['kg', 'kilogram', 'kilograms', 'kilo', 'kilos'], 1000],
  [['lb', 'lbs'], 453.59237],
  [['tonne', 'tonnes'], 1e6],
];
const DATA: Array<[string[], number]> = [
  [['kb', 'kilobyte', 'kilobytes'], 1e3],
  [['mb', 'megabyte', 'megabytes'], 1e6],
  [['gb', 'gigabyte', 'gigabytes'], 1e9],
  [['tb', 'terabyte', 'terabytes'], 1e12],
];
const VOLUME: Array<[string[], number]> = [
  [['ml', 'millilitre', 'millilitres', 'milliliter', 'milliliters'], 0.001],
  [['l', 'litre', 'litres', 'liter', 'liters'], 1],
];
const AREA: Array<[string[], number]> = [
  [['m2', 'm²'], 1],
  [['km2', 'km²'], 1e6],
  [['hectare', 'hectares', 'ha'], 1e4],
  [['acre', 'acres'], 4046.8564224],
];

const TABLE = new Map<string, Unit>();
for (const [dimension, rows] of [
  ['time', TIME],
  ['length', LENGTH],
  ['mass', MASS],
  ['data', DATA],
  ['volume', VOLUME],
  ['area', AREA],
] as const) {
  for (const [names, factor] of rows) for (const n of names) TABLE.set(n, { dimension, factor });
}

/** The unit a word names ("hours", "km"), or undefined. Case-insensitive except "MB"/"Mb"-style data units. */
export function unitOf(word: string): Unit | undefined {
  if (typeof word !== 'string' || word.length === 0) return undefined;
  return TABLE.get(word.toLowerCase());
}
