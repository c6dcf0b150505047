// Reads today's capacity once per page view; null (the fallback text) until it arrives or if it fails.
import { useEffect, useState } from 'react';
import { type Capacity, getCapacity } from '#web/features/landing/api/get-capacity.ts';

export function useCapacity(): Capacity | null {
  const [capacity, setCapacity] = useState<Capacity | null>(null);
  useEffect(() => {
    let current = true;
    getCapacity().then((result) => {
      if (current) setCapacity(result);
    });
    return () => {
      current = false;
    };
  }, []);
  return capacity;
}
