import { brand } from '../../shared/brand';

/** Texts of the office map on /contact (a small island, so kept apart from the page texts). */
export const officeMapTexts = {
  heading: 'Find our office',
  placeholder: 'The map loads from OpenStreetMap only when you ask for it.',
  showMap: 'Show map',
  openElsewhere: 'Open map in a new tab',
  newTab: '(opens in a new tab)',
  frameTitle: `Map showing the ${brand.name} office in ${brand.address.city}`,
} as const;
