/** 'Good {Morning/Afternoon/Evening}' by the hour (ARCHITECTURE.md D10: 12:00-17:59 afternoon, from 18:00 evening). */
export function greetingFor(hour: number): 'Morning' | 'Afternoon' | 'Evening' {
  if (hour < 12) return 'Morning';
  if (hour < 18) return 'Afternoon';
  return 'Evening';
}
