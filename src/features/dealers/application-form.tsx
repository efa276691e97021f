/**
 * The dealership application form (spec 2 §2 "Dealership screens", §5): company title, tax plate file, name and
 * surname, registered e-mail or phone, distributor company, optional logo file. The text rules come from the
 * contract (validation.ts), the files' rule from dealer-files.ts, checked before anything is uploaded. A field says
 * what is wrong once it was left or the form was sent; sending a form with errors raises the `Error` toast asking to
 * fix them and puts the cursor in the first wrong field. The form goes as multipart, once. A file the server refuses
 * (it checks the content: a page named `.png` passes the console's check of name and type, not the server's) is
 * marked at its field with the server's reason until another file is chosen.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import SendIcon from '@mui/icons-material/Send';
import { createDealerRequestMutation } from '@generated/api/@tanstack/react-query.gen.ts';
import { notifyRefusal } from '../../lib/api/feedback.ts';
import { fieldMessage } from '../../lib/forms/field-message.ts';
import { checkDealerFile, serverFileRefusal, type FileViolation } from './dealer-files.ts';
import { DealerFileField } from './dealer-file-field.tsx';
import { applicationRules, validateApplication, type ApplicationField } from './validation.ts';
import { toWirePhone } from '../../lib/forms/phone.ts';

type FileField = 'taxPlate' | 'logo';
type Field = ApplicationField | FileField;

/** The fields in the order they are shown (the first wrong one takes the focus). */
const ORDER: readonly Field[] = ['dealerName', 'taxPlate', 'name', 'info', 'seller', 'logo'];

const EMPTY: Record<ApplicationField, string> = { dealerName: '', name: '', info: '', seller: '' };

export function ApplicationForm({ onReceived }: { onReceived: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState(EMPTY);
  const [files, setFiles] = useState<Partial<Record<FileField, File>>>({});
  // A file the server refused (its content, its size) stays marked until another one is chosen.
  const [refused, setRefused] = useState<Partial<Record<FileField, FileViolation>>>({});
  const [left, setLeft] = useState<ReadonlySet<Field>>(new Set());
  const [sent, setSent] = useState(false);
  const inputs = useRef(new Map<Field, HTMLInputElement>());
  const create = useMutation({
    ...createDealerRequestMutation(),
    // The spec's answer to a refused application: the `Error` toast asking to fix the form errors.
    meta: { failureMessage: t('dealer.create.fixErrors') },
  });

  const trimmed = Object.fromEntries(Object.entries(values).map(([field, value]) => [field, value.trim()])) as Record<
    ApplicationField,
    string
  >;
  const textErrors = validateApplication(trimmed);
  const fileErrors = {
    taxPlate: checkDealerFile(files.taxPlate, true) ?? refused.taxPlate ?? null,
    logo: checkDealerFile(files.logo, false) ?? refused.logo ?? null,
  };
  const wrong = ORDER.filter((field) =>
    field === 'taxPlate' || field === 'logo' ? fileErrors[field] !== null : textErrors[field] !== undefined,
  );
  const shows = (field: Field) => sent || left.has(field);
  const leave = (field: Field) => setLeft((current) => new Set(current).add(field));
  const register = (field: Field) => (input: HTMLInputElement | null) => {
    if (input) inputs.current.set(field, input);
    else inputs.current.delete(field);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    setSent(true);
    if (wrong.length) {
      notifyRefusal(t('dealer.create.fixErrors'), t('errors.title'));
      inputs.current.get(wrong[0]!)?.focus();
      return;
    }
    create.mutate(
      {
        body: {
          dealer_name: trimmed.dealerName,
          name: trimmed.name,
          // A registered phone as people type it (0532 111 22 33) is sent as the account's digits (905321112233).
          info: trimmed.info.includes('@') ? trimmed.info : (toWirePhone(trimmed.info) ?? trimmed.info),
          seller: trimmed.seller,
          tax_plate: files.taxPlate!,
          ...(files.logo ? { logo: files.logo } : {}),
        },
      },
      {
        onSuccess: onReceived,
        onError: (error) => {
          const refusal = serverFileRefusal(error);
          if (!refusal) return;
          setRefused((current) => ({ ...current, [refusal.field]: refusal.violation }));
          inputs.current.get(refusal.field)?.focus();
        },
      },
    );
  };

  const text = (
    field: ApplicationField,
    label: string,
    extra: { type?: string; autoComplete?: string; help?: string },
  ) => {
    const error = shows(field) ? fieldMessage(t, textErrors[field], applicationRules.rules[field]) : undefined;
    return (
      <TextField
        label={label}
        value={values[field]}
        onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value }))}
        onBlur={() => leave(field)}
        inputRef={register(field)}
        error={Boolean(error)}
        helperText={error ?? extra.help}
        required={applicationRules.rules[field].required}
        type={extra.type ?? 'text'}
        autoComplete={extra.autoComplete}
        fullWidth
      />
    );
  };
  const file = (field: FileField, label: string, name: string, required: boolean) => (
    <DealerFileField
      label={label}
      name={name}
      required={required}
      file={files[field]}
      violation={fileErrors[field]}
      // A chosen file is checked at once: a wrong one is never uploaded.
      showError={shows(field) || files[field] !== undefined}
      onChange={(chosen) => {
        setFiles((current) => ({ ...current, [field]: chosen }));
        setRefused(({ [field]: _dropped, ...others }) => others);
        leave(field);
      }}
      inputRef={register(field)}
    />
  );

  return (
    <form onSubmit={submit} noValidate aria-busy={create.isPending}>
      <Stack spacing={2.5}>
        {text('dealerName', t('dealer.create.dealerName'), { autoComplete: 'organization' })}
        {file('taxPlate', t('dealer.create.taxPlate'), t('dealer.create.taxPlateName'), true)}
        {text('name', t('dealer.create.name'), { autoComplete: 'name' })}
        {text('info', t('dealer.create.info'), { autoComplete: 'email', help: t('dealer.create.infoHelp') })}
        {text('seller', t('dealer.create.seller'), {})}
        {file('logo', t('dealer.create.logo'), t('dealer.create.logoName'), false)}
        <Button
          type="submit"
          variant="contained"
          size="large"
          startIcon={<SendIcon />}
          loading={create.isPending}
          loadingPosition="start"
          sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
        >
          {t('dealer.create.submit')}
        </Button>
      </Stack>
    </form>
  );
}
