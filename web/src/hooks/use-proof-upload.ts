import { useCallback, useEffect, useRef, useState } from 'react';
import { texts } from '@/config/texts';
import { isApiError } from '@/lib/api-error';
import { PROOF_MAX_BYTES, PROOF_TYPES, uploadProof } from '@/lib/upload-proof';

export type ProofState =
  | { status: 'idle' }
  | { status: 'uploading'; fileName: string; progress: number }
  | { status: 'done'; fileName: string; fileUrl: string }
  /** `file` is kept when the connection failed: the same file can be sent again with one tap. */
  | { status: 'error'; message: string; file?: File };

const t = texts.proof;

/**
 * A payment proof uploaded as soon as it is chosen, so sending the form does not wait for it.
 * `uploaded` is one this tab already uploaded before a reload: it stays attached.
 */
export function useProofUpload(uploaded?: { fileName: string; fileUrl: string } | null) {
  const [state, setState] = useState<ProofState>(() =>
    uploaded ? { status: 'done', ...uploaded } : { status: 'idle' },
  );
  const controller = useRef<AbortController | null>(null);

  const clear = useCallback(() => {
    controller.current?.abort();
    setState({ status: 'idle' });
  }, []);

  const choose = useCallback(async (file: File) => {
    controller.current?.abort();
    // The server checks the real content; these checks only spare a slow upload that would fail.
    if (file.type && !(PROOF_TYPES as readonly string[]).includes(file.type)) {
      return setState({ status: 'error', message: t.wrongType });
    }
    if (file.size > PROOF_MAX_BYTES) return setState({ status: 'error', message: t.tooLarge });
    const current = new AbortController();
    controller.current = current;
    setState({ status: 'uploading', fileName: file.name, progress: 0 });
    try {
      const { fileUrl } = await uploadProof(
        file,
        (progress) => setState({ status: 'uploading', fileName: file.name, progress }),
        current.signal,
      );
      if (!current.signal.aborted) setState({ status: 'done', fileName: file.name, fileUrl });
    } catch (error) {
      if (current.signal.aborted) return;
      const again = isApiError(error) && error.retryable ? file : undefined;
      setState({
        status: 'error',
        message: error instanceof Error ? error.message : t.wrongType,
        file: again,
      });
    }
  }, []);

  const retry = useCallback(() => {
    if (state.status === 'error' && state.file) void choose(state.file);
  }, [state, choose]);

  useEffect(() => () => controller.current?.abort(), []);

  return {
    state,
    choose,
    clear,
    retry,
    fileUrl: state.status === 'done' ? state.fileUrl : null,
    uploading: state.status === 'uploading',
    /**
     * A chosen proof that is not up yet (uploading, or failed): the form waits for it to be sent
     * again or removed, instead of sending the payment without it while the buyer thinks it went.
     */
    unsettled: state.status === 'uploading' || state.status === 'error',
  };
}

export type ProofUpload = ReturnType<typeof useProofUpload>;
