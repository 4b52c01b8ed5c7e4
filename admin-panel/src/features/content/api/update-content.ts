import { contentAnswerSchema } from '@shop/shared';
import { useWriteMutation } from '@shop/client-kit';
import { api } from '@/lib/api-client';
import { contentQueries } from './get-content';

/** Saves the content the editor sends (the whole content, or all of it but values it could not read). */
export async function updateContent(content: Record<string, unknown>) {
  const answer = await api.request({
    method: 'PUT',
    url: '/content',
    data: content,
    schema: contentAnswerSchema,
    errorMessage: 'Error al actualizar contenido del sitio',
  });
  return answer.content;
}

export function useUpdateContent() {
  return useWriteMutation({ mutationFn: updateContent, invalidates: () => [contentQueries.all()] });
}
