/** The Spanish texts the shop shows, written once and used by the server and both apps. */
export const MSG = {
  checkout: {
    fullNameRequired: 'El nombre completo es requerido',
    emailRequired: 'El email es requerido',
    emailInvalid: 'Formato de email inválido',
    phoneRequired: 'El teléfono es requerido',
    addressRequired: 'La dirección es requerida para el envío',
    cityRequired: 'La ciudad es requerida para el envío',
    proofType: 'Por favor, sube una imagen válida (JPG, PNG, WEBP)',
    proofSize: 'La imagen no puede superar los 5MB',
    emptyCart: 'Tu carrito está vacío',
    error400: 'Hay un problema con los datos del pedido. Verifica la información e intenta nuevamente.',
    error500: 'Error interno del servidor. Por favor intenta más tarde o contacta soporte.',
    errorNetwork: 'Error de conexión. Verifica tu internet e intenta nuevamente.',
    errorDefault: 'Error procesando tu orden. Por favor intenta nuevamente.',
  },
  contact: {
    required: 'Todos los campos marcados con * son obligatorios',
    error: 'Error enviando el mensaje. Por favor intenta nuevamente.',
  },
  product: {
    selectSize: 'Por favor selecciona una talla',
    notFound: 'Producto no encontrado',
  },
  tracking: {
    empty: 'Por favor, ingresa un número de pedido.',
    notFound: 'Pedido no encontrado. Verifica el número e intenta de nuevo',
    failure: 'Error al buscar el pedido. Intenta nuevamente más tarde.',
  },
  productForm: {
    titleRequired: 'El título es requerido',
    descriptionRequired: 'La descripción es requerida',
    categoryRequired: 'La categoría es requerida',
    pricePositive: 'El precio debe ser mayor a 0',
    sizeRequired: 'Debe seleccionar al menos una talla',
    imageRequired: 'Debe incluir al menos una imagen',
    categoryInvalid: 'La categoría seleccionada no es válida',
    imageUrlInvalid: 'Algunas URLs de imágenes no son válidas',
  },
  profile: {
    usernameRequired: 'El nombre de usuario es requerido',
    /** The profile form's one banner when either field is empty. */
    required: 'El nombre de usuario y el email son requeridos.',
  },
  password: {
    currentRequired: 'La contraseña actual es requerida.',
    newRequired: 'La nueva contraseña es requerida.',
    tooShort: 'La nueva contraseña debe tener al menos 6 caracteres.',
    mismatch: 'Las contraseñas no coinciden.',
    wrongCurrent: 'La contraseña actual es incorrecta.',
    neededForEmail: 'Para cambiar el email ingresa tu contraseña actual.',
  },
  invitation: {
    invalid: 'El enlace de invitación no es válido o ya se usó: iniciá sesión o pedí una invitación nueva.',
    expired: 'El enlace de invitación venció: pedile a la dueña o dueño de la tienda que te invite de nuevo.',
    accepted: 'Listo: tu contraseña quedó guardada. Ya podés iniciar sesión con tu email.',
  },
  login: {
    invalid: 'Credenciales inválidas',
    error: 'Error al iniciar sesión',
    rateLimited: 'Demasiados intentos de inicio de sesión. Por favor, espera 15 minutos antes de intentar nuevamente.',
  },
  proofs: {
    reasonRequired: 'Escribí el motivo del rechazo',
    reasonTooLong: 'El motivo no puede superar 300 caracteres',
    sortInvalid: 'Orden inválido: usá createdAt:asc o createdAt:desc',
  },
  upload: {
    heroTooLarge: 'La imagen es demasiado grande. Máximo 5MB.',
    heroType: 'Tipo de archivo no válido. Solo JPG, PNG y WEBP.',
  },
  rateLimited: 'Demasiadas peticiones. Por favor, espera 15 minutos antes de intentar nuevamente.',
} as const;

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const ALLOWED_IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'] as const;
