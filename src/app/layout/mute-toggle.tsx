import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import { useSoundMuted } from '../../lib/sound/sounds.ts';

/** Mutes and unmutes the console's sounds (arm, disarm, stay-arm, siren); the choice is remembered. */
export function MuteToggle() {
  const { t } = useTranslation();
  const [muted, setMuted] = useSoundMuted();
  const label = muted ? t('sound.unmute') : t('sound.mute');
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" aria-label={label} data-testid="mute-toggle" onClick={() => setMuted(!muted)}>
        {muted ? <VolumeOffIcon /> : <VolumeUpIcon />}
      </IconButton>
    </Tooltip>
  );
}
