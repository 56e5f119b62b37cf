-- AlterEnum
ALTER TYPE "MessageKind" ADD VALUE 'FEEDBACK';
