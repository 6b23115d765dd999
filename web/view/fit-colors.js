// The colour of each kind of fitted volume (fit-table.js's FIT_KINDS ids), shared by the app's fit
// panel and the demo's: told apart from each other and from the A/B roles' blue and amber.

export const FIT_COLORS = {
  aabb: 0xf2f2f2, sphere: 0x59d0ff, 'sphere-ritter': 0x9b8cff, 'obb-fast': 0xff8c42, 'obb-tight': 0xff5cc8,
  kdop6: 0x35d399, kdop8: 0xc6f06a, kdop14: 0xffe14d, kdop18: 0xff6b6b, kdop26: 0x6be0c9,
};

/** A colour 0xrrggbb as CSS. */
export const cssColor = (hex) => `#${hex.toString(16).padStart(6, '0')}`;

/** A ratio to the hull as the tables show it ('—' when the hull encloses nothing). */
export const formatRatio = (r) => (r === null ? '—' : r.toFixed(3));
