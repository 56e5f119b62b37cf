/** Animated trailing dots of a phase label (CSS only, announced once). */
export function Dots() {
  return <span className="dots" aria-hidden="true" />;
}
