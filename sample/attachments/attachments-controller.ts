import { z } from 'zod';
import type { SampleConfig } from '../config';
import { MESSAGES } from '../messages';
import { TasksRepository } from '../tasks/tasks-repository';
import { SAMPLE_CONFIG } from '../tokens';
import {
  Controller,
  Get,
  NotFoundException,
  Param,
  Permissions,
  Post,
  Produces,
  Returns,
  StreamableFile,
  Summary,
  Throws,
  UploadedFile,
} from '../trellis';
import { AttachmentSchema } from './attachment';
import { AttachmentStore } from './attachment-store';

/** Files attached to a task. */
@Controller('/tasks/:id/attachments')
export class AttachmentsController {
  constructor(
    private readonly tasks: TasksRepository,
    private readonly store: AttachmentStore,
  ) {}

  @Post()
  @Permissions('tasks.update')
  @Returns(AttachmentSchema, { status: 201 })
  @Throws(NotFoundException)
  @Summary('Attach a file to a task (multipart, field `file`, at most ATTACHMENT_MAX_BYTES)')
  async add(
    @Param('id') taskId: string,
    @UploadedFile('file', {
      maxBytes: (container) => container.get<SampleConfig>(SAMPLE_CONFIG).attachmentMaxBytes,
    })
    file: UploadedFile,
  ) {
    await this.requireTask(taskId);
    return this.store.add(taskId, file);
  }

  @Get()
  @Permissions('tasks.read')
  @Returns(z.array(AttachmentSchema))
  @Throws(NotFoundException)
  @Summary('List the files attached to a task')
  async list(@Param('id') taskId: string) {
    await this.requireTask(taskId);
    return this.store.list(taskId);
  }

  @Get('/:attachmentId')
  @Permissions('tasks.read')
  @Throws(NotFoundException)
  @Produces('application/octet-stream')
  @Summary('Download a file attached to a task')
  async download(@Param('id') taskId: string, @Param('attachmentId') attachmentId: string) {
    await this.requireTask(taskId);
    const found = await this.store.find(taskId, attachmentId);
    if (!found) throw new NotFoundException(MESSAGES.attachmentNotFound);
    const { attachment, path } = found;
    return new StreamableFile(path, {
      type: attachment.mimeType,
      length: attachment.size,
      filename: attachment.filename,
    });
  }

  private async requireTask(taskId: string): Promise<void> {
    if (!(await this.tasks.findById(taskId))) throw new NotFoundException(MESSAGES.taskNotFound);
  }
}
