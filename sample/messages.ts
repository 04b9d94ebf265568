/** Every message the sample answers a client with, in one place. */
export const MESSAGES = {
  userCreated: 'Usuario creado exitosamente',
  userUpdated: 'Usuario actualizado exitosamente',
  userDeleted: 'Usuario eliminado exitosamente',
  userNotFound: 'Usuario no encontrado',
  usernameTaken: 'El nombre de usuario ya existe',
  loggedOut: 'Sesión cerrada exitosamente',
  roleAboveOwn: 'No puede asignar un rol superior al suyo',
  permissionsNotHeld: 'No puede otorgar permisos que no tiene',
  targetAboveOwn: 'No puede modificar a un usuario con un rol superior al suyo',
  changeRoleNeeded: 'Cambiar el rol requiere el permiso users.change_role',
  deleteSelf: 'No puede eliminar su propia cuenta',
  assigneeNotFound: 'El usuario asignado no existe',
  protectedRoute: 'Acceso concedido a la ruta protegida',
  adminOnly: 'Bienvenido, administrador',
  managerUp: 'Acceso concedido a gerentes y superiores',
  tooManyLogins: 'Demasiados intentos de inicio de sesión; inténtelo más tarde',
} as const;
