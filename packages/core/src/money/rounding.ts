import Big from 'big.js';
import { ore, type Ore } from './ore';

/**
 * The one rounding rule for money: half up (away from zero on .5) to whole öre.
 * All rate maths happens in big.js and comes back through here.
 * @example roundToOre(new Big('12.5')) // 13
 */
export function roundToOre(value: Big): Ore {
  // big.js prints integers below 1e21 in plain notation; `|| 0` turns -0 into 0.
  return ore(Number(value.round(0, Big.roundHalfUp).toString()) || 0);
}

/**
 * `amountOre × numerator / denominator`, rounded half up to whole öre. Used for rates
 * (percent, basis points, day fractions) without ever multiplying a float.
 */
export function scaleOre(amountOre: Ore, numerator: Big.BigSource, denominator: Big.BigSource = 1): Ore {
  return roundToOre(new Big(amountOre).times(numerator).div(denominator));
}
