import { paths } from '@devstay/shared/paths';
import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useNavigate } from 'react-router';

interface BackButtonProps {
  /** Where to go when there is no previous screen in this tab (a shared link opened directly). */
  fallback?: string;
}

/** 'Back': one step back in the history (product §2.5). */
export function BackButton({ fallback = paths.hotels }: BackButtonProps) {
  const navigate = useNavigate();
  const goBack = () => {
    const state = window.history.state as { idx?: number } | null;
    if (state && typeof state.idx === 'number' && state.idx > 0) navigate(-1);
    else navigate(fallback);
  };
  return (
    <Button
      variant="default"
      leftSection={<IconArrowLeft size={18} aria-hidden="true" />}
      onClick={goBack}
    >
      Back
    </Button>
  );
}
