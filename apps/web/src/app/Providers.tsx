import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { SocketProvider } from '../realtime/SocketProvider';
import { AuthProvider } from '../session/AuthProvider';
import { Toaster } from '../ui/Toaster';
import { useTheme } from '../ui/use-theme';
import { createAppQueryClient } from './query-client';

function ThemeSync() {
  useTheme();
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createAppQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeSync />
      <AuthProvider>
        <SocketProvider>{children}</SocketProvider>
      </AuthProvider>
      <Toaster />
    </QueryClientProvider>
  );
}
