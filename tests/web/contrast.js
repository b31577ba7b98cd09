// The contrast ratio (WCAG 2) of each element's text against what lies behind it, as drawn:
// the element's and its ancestors' opacity blend the text into the background, a gradient
// counts by its worst stop, and any CSS filter on the way fails the element (ratio 0).
(els) => {
  const parse = (colour) => {
    const found = String(colour).match(/rgba?\(([^)]+)\)/);
    if (!found) return null;
    const parts = found[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return [parts[0], parts[1], parts[2], parts.length > 3 ? parts[3] : 1];
  };
  const channel = (value) => {
    const v = value / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const luminance = ([r, g, b]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  const ratio = (a, b) => {
    const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (light + 0.05) / (dark + 0.05);
  };
  const behind = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const style = getComputedStyle(e);
      const stops = (style.backgroundImage.match(/rgba?\([^)]+\)/g) || []).map(parse);
      if (stops.length) return stops;
      const colour = parse(style.backgroundColor);
      if (colour && colour[3] > 0) return [colour];
    }
    return [[255, 255, 255, 1]];
  };
  return els.map((el) => {
    let alpha = 1;
    for (let e = el; e; e = e.parentElement) {
      const style = getComputedStyle(e);
      if (style.filter !== "none") return 0;
      alpha *= Number(style.opacity);
    }
    const text = parse(getComputedStyle(el).color);
    const a = alpha * text[3];
    return Math.min(...behind(el).map((back) =>
      ratio(text.slice(0, 3).map((v, i) => v * a + back[i] * (1 - a)), back)));
  });
}
